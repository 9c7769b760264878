/** Fetches and parses a JSON (or +json) answer, timing the round trip. */
export async function fetchJson<T = unknown>(
  url: string,
  init?: RequestInit,
): Promise<{ response: Response; text: string; body: T; elapsedMs: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  const elapsedMs = performance.now() - started;
  return { response, text, body: JSON.parse(text) as T, elapsedMs };
}

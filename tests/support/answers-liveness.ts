/**
 * Whether a server at `url` answers its liveness route (which touches no dependency: any answer
 * means it serves). The answer is read to its end: a cancelled body leaves the connection busy,
 * and stopping the server then waits out its keep-alive, three seconds of every test app's stop.
 */
export function answersLiveness(url: string): Promise<boolean> {
  return fetch(`${url}/api/health/live`, { signal: AbortSignal.timeout(2_000) })
    .then((response) => response.text())
    .then(
      () => true,
      () => false,
    );
}

/** The donation intent as the embed API answers it, with the client secret the widget keeps. */
export type Intent = {
  id: string;
  status: string;
  client_secret: string;
  amount: number;
  currency: string;
  frequency: string;
  failure_code?: string | null;
};

type Problem = { detail?: string };

/** One call of the embed API: its JSON body, or an Error with the problem's detail. */
export async function callApi<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, init);
  const body = (await response.json().catch(() => ({}))) as T & Problem;
  if (!response.ok) throw new Error(body.detail || `The donation could not be made (${response.status}).`);
  return body;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A processing intent followed, once a second, until it settles or `tries` run out. */
export async function followIntent(intent: Intent, tries: number): Promise<Intent> {
  let current = intent;
  for (let left = tries; current.status === "processing" && left > 0; left--) {
    await sleep(1000);
    const next = await callApi<Intent>(`/api/v1/embed/donation/intent/${current.id}?client_secret=${encodeURIComponent(intent.client_secret)}`);
    current = { ...next, client_secret: intent.client_secret };
  }
  return current;
}

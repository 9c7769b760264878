/** The donation intent as the embed API answers it, with the client secret the widget keeps. */
export type Intent = {
  id: string;
  status: string;
  client_secret: string;
  amount: number;
  currency: string;
  frequency: string;
  failure_code?: string | null;
  /** The signed link that stops a monthly gift, once it recurs (GET only). */
  cancel_url?: string | null;
  mode?: "sandbox" | "live";
  /** What Stripe.js needs to collect the details (the create answer, live mode only). */
  payment?: { client_secret: string | null; publishable_key: string | null };
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

/** The intent read again, with its client secret (which the API does not repeat). */
export async function readIntent(id: string, secret: string): Promise<Intent> {
  const intent = await callApi<Intent>(`/api/v1/embed/donation/intent/${id}?client_secret=${encodeURIComponent(secret)}`);
  return { ...intent, client_secret: secret };
}

/**
 * An intent followed, once a second, while its status is one of `pending` or until `tries` run
 * out: a sandbox intent while processing; a live one also while Stripe's webhook has not yet told
 * the registry how the payment ended.
 */
export async function followIntent(intent: Intent, tries: number, pending: readonly string[] = ["processing"]): Promise<Intent> {
  let current = intent;
  for (let left = tries; pending.includes(current.status) && left > 0; left--) {
    await sleep(1000);
    current = await readIntent(intent.id, intent.client_secret);
  }
  return current;
}

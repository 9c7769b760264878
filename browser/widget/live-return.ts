// The live widget's way back from a redirect (3-D Secure, a bank's page): the return URL Stripe
// sends the donor to is the widget's own URL with our intent's id as a marker, and Stripe adds
// payment_intent, payment_intent_client_secret and redirect_status. Our intent's client secret
// never rides in a URL (history, logs, Stripe's redirect): it waits in sessionStorage, which
// survives the redirect in the same tab and frame, and is dropped once read.
const MARKER = "resume";
const STRIPE_PARAMS = ["payment_intent", "payment_intent_client_secret", "setup_intent", "setup_intent_client_secret", "redirect_status"];

/** The URL Stripe returns the donor to after a redirect: this page, marked with our intent's id. */
export function returnUrlFor(href: string, intentId: string): string {
  const url = new URL(withoutResume(href));
  url.searchParams.set(MARKER, intentId);
  return url.href;
}

/** Our intent's id and Stripe's redirect status when this page is a return from Stripe, else null. */
export function resumeFrom(href: string): { id: string; redirectStatus: string | null } | null {
  const params = new URL(href).searchParams;
  const id = params.get(MARKER);
  if (!id || !/^di_\w+$/.test(id) || !(params.has("payment_intent") || params.has("redirect_status"))) return null;
  return { id, redirectStatus: params.get("redirect_status") };
}

/** The page's URL without the return's marker and Stripe's parameters (a reload must not resume twice). */
export function withoutResume(href: string): string {
  const url = new URL(href);
  for (const name of [MARKER, ...STRIPE_PARAMS]) url.searchParams.delete(name);
  return url.href;
}

const key = (intentId: string) => `trust-registry:${intentId}`;

/** Keeps our client secret for the intent across a redirect; false when storage is refused. */
export function keepSecret(storage: Storage | undefined, intentId: string, secret: string): boolean {
  try {
    storage?.setItem(key(intentId), secret);
    return storage?.getItem(key(intentId)) === secret;
  } catch {
    return false;
  }
}

/** The secret kept for the intent, removed from storage as it is read. */
export function takeSecret(storage: Storage | undefined, intentId: string): string | null {
  try {
    const secret = storage?.getItem(key(intentId)) ?? null;
    storage?.removeItem(key(intentId));
    return secret;
  } catch {
    return null;
  }
}

/** The page's session storage, or undefined where the browser refuses it to a framed page. */
export function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

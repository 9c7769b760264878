// What the hosted widget page (/embed/donate/{slug}) shows for a request: the form with a fresh
// embed session, or a message saying why not — and who may frame the answer. The checks of
// docs/concepts.md#identity-keys-origins-and-embed-sessions: key active, publishable, embed:write,
// bound to this NGO; the NGO accepting donations; the parent origin (from Referer, where the
// browser sends it) not outside the allowlist.
import { assertNgoAcceptsDonations } from "@/lib/donations/assert-ngo-accepts-donations";
import { ApiError } from "@/lib/errors/api-error";
import { mintEmbedSession } from "@/lib/keys/embed-session";
import { isOriginAllowed } from "@/lib/keys/is-origin-allowed";
import { verifyApiKey } from "@/lib/keys/verify-api-key";
import { paymentProviderOf } from "@/lib/payments/payment-provider-of";
import { failedAuthQuota } from "@/lib/rate-limit/failed-auth-quota";
import { quotaExceededProblem } from "@/lib/rate-limit/quota-exceeded-problem";

export type WidgetRequest = {
  slug: string;
  key: string | null;
  preview: boolean;
  referer: string | null;
  fetchDest: string | null;
  /** Who asks (clientAddress): a key that fails counts against the same quota as on the API. */
  client: string;
};

export type ReadyWidget = {
  kind: "ready";
  ngo: { slug: string; name: string; country: string };
  session: string;
  /** Where the widget's messages go: the parent's exact origin when known, else null (the page finds
   * it; the preview's parent is the page's own origin, as the browser reached it). */
  parentOrigin: string | null;
  allowedOrigins: string[];
  mode: "sandbox" | "live";
  preview: boolean;
  /** The preview in live mode shows the form, but takes no donation. */
  donationsDisabled: boolean;
  frameAncestors: string;
};

export type WidgetMessage = {
  kind: "message";
  title: string;
  text: string;
  frameAncestors: string;
  /** 200 but for a spent quota of failed keys (429, with its Retry-After and rate-limit headers). */
  status?: number;
  headers?: Record<string, string>;
};

// A message about a bad key or a closed NGO may be shown in any frame: it holds nothing to click
// and nothing secret, and a blank frame on the NGO's site would help nobody.
const ANYONE = "*";

export async function resolveWidget(request: WidgetRequest): Promise<ReadyWidget | WidgetMessage> {
  const message = (title: string, text: string, frameAncestors = ANYONE): WidgetMessage => ({ kind: "message", title, text, frameAncestors });
  const mode = paymentProviderOf().mode;
  let keyId: string | null = null;
  let origins: string[];
  if (request.preview) {
    // Framed by the registry itself ('self'): no origin from the request's headers is trusted for it.
    origins = [];
  } else {
    if (!request.key) return message("Donations unavailable", "This donation form needs the NGO's publishable key (?key=tr_pk_…).");
    // Bad keys are metered per client exactly as on the API (docs/concepts.md#limits): once a
    // client's quota of failed authentications is spent, the next key is refused before the
    // database is asked.
    const verification = await verifyApiKey(request.key, { beforeLookup: () => failedAuthQuota.assertNotSpent(request.client) }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 429) return error;
      throw error;
    });
    if (verification instanceof ApiError) return tooManyBadKeys(verification);
    if (!verification.ok) {
      const failures = await failedAuthQuota.count(request.client);
      if (!failures.result.allowed) return tooManyBadKeys(quotaExceededProblem(failures.result, failures.policy));
      return message(
        "Donations unavailable",
        `This donation form's key is ${verification.reason === "malformed" || verification.reason === "unknown" ? "not valid" : verification.reason}. The NGO needs to update its website.`,
      );
    }
    const key = verification.identity;
    if (key.kind !== "publishable" || !key.scopes.includes("embed:write")) {
      return message("Donations unavailable", "This donation form needs a publishable key with the embed:write scope.");
    }
    if (key.ngo_slug !== request.slug) return message("Donations unavailable", "This key belongs to another NGO: it cannot take donations for this one.");
    keyId = key.id;
    origins = [...key.origins];
  }
  const frameAncestors = request.preview ? "'self'" : origins.length ? origins.join(" ") : "'none'";
  const parentOrigin = request.fetchDest === "iframe" && !request.preview ? parentFromReferer(request.referer) : null;
  if (parentOrigin !== null && !isOriginAllowed(parentOrigin, origins)) {
    return message("Donations unavailable", "This donation form may not be shown on this website.", frameAncestors);
  }
  let ngo: { id: string; slug: string; name: string; country: string };
  try {
    ngo = await assertNgoAcceptsDonations(request.slug);
  } catch (error) {
    if (error instanceof ApiError && (error.code === "not_found" || error.code === "donations_unavailable")) {
      return message("Donations unavailable", error.code === "not_found" ? "No NGO in the registry has this address." : error.detail);
    }
    throw error;
  }
  const { token } = await mintEmbedSession({ keyId, ngoId: ngo.id, ngoSlug: ngo.slug, preview: request.preview });
  return {
    kind: "ready",
    ngo: { slug: ngo.slug, name: ngo.name, country: ngo.country },
    session: token,
    parentOrigin,
    allowedOrigins: origins,
    mode,
    preview: request.preview,
    donationsDisabled: request.preview && mode !== "sandbox",
    frameAncestors,
  };
}

// Back from a 3-D Secure check the frame's Referer is Stripe's page, not the parent: the page
// finds its parent itself then (ancestorOrigins), and frame-ancestors still holds the allowlist.
const STRIPE_REDIRECT_ORIGINS = new Set(["https://hooks.stripe.com", "https://js.stripe.com"]);

function parentFromReferer(referer: string | null): string | null {
  const origin = originOf(referer);
  return origin !== null && STRIPE_REDIRECT_ORIGINS.has(origin) ? null : origin;
}

function originOf(referer: string | null): string | null {
  if (!referer) return null;
  try {
    const origin = new URL(referer).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

function tooManyBadKeys(refusal: ApiError): WidgetMessage {
  return {
    kind: "message",
    title: "Donations unavailable",
    text: "Too many donation forms with keys that are not valid were asked for from this network. Please try again in a minute.",
    frameAncestors: ANYONE,
    status: 429,
    headers: refusal.extras.headers,
  };
}

// Who creates an intent: the key (an NGO's own integration), the widget's embed session standing
// for its key, or the preview's session standing for no key.
import type { RequestIdentity } from "@/lib/http/identify-request";
import { ApiError } from "@/lib/errors/api-error";

export type IntentCaller = {
  /**
   * Whose Idempotency-Keys these are, and so who may be handed a stored answer (client secret
   * included) again: the embed session itself, or the key together with the exact Origin it was
   * used from (a publishable key is public, so the key alone names nobody). A secret key used by
   * a server, without an Origin, is its holder.
   */
  scope: string;
  keyId: string | null;
  /** The one NGO this caller may create intents for, when bound. */
  boundNgoSlug: string | null;
  preview: boolean;
};

export function intentCallerOf({ key, session, allowedOrigin }: RequestIdentity): IntentCaller {
  if (session) {
    return { scope: `session:${session.id}`, keyId: key?.id ?? null, boundNgoSlug: session.ngoSlug, preview: session.preview };
  }
  if (!key) throw new ApiError("unauthorized", "Creating a donation intent needs a publishable key or the widget's embed session.");
  return { scope: allowedOrigin === null ? key.id : `${key.id} ${allowedOrigin}`, keyId: key.id, boundNgoSlug: key.ngo_slug, preview: false };
}

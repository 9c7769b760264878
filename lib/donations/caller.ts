// Who creates an intent: the key (an NGO's own integration), the widget's embed session standing
// for its key, or the preview's session standing for no key.
import type { RequestIdentity } from "@/lib/http/identify-request";
import { ApiError } from "@/lib/errors/api-error";

export type IntentCaller = {
  /** Whose Idempotency-Keys these are: the API key's id, or the preview's NGO. */
  scope: string;
  keyId: string | null;
  /** The one NGO this caller may create intents for, when bound. */
  boundNgoSlug: string | null;
  preview: boolean;
};

export function intentCallerOf({ key, session }: RequestIdentity): IntentCaller {
  if (session) {
    return { scope: key ? key.id : `preview:${session.ngoId}`, keyId: key?.id ?? null, boundNgoSlug: session.ngoSlug, preview: session.preview };
  }
  if (!key) throw new ApiError("unauthorized", "Creating a donation intent needs a publishable key or the widget's embed session.");
  return { scope: key.id, keyId: key.id, boundNgoSlug: key.ngo_slug, preview: false };
}

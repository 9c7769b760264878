import { invalidInput } from "@/lib/errors/invalid-input";
import { readJsonBody, MAX_JSON_BODY_BYTES } from "@/lib/http/read-json-body";
import { readRawBody } from "@/lib/http/read-raw-body";
import { giftCancelInputSchema } from "./schemas";

/**
 * The token of a gift's cancel request: from the cancel page's form (no JavaScript:
 * application/x-www-form-urlencoded), or from JSON. `form` says which, for the answer's shape.
 */
export async function readCancelRequest(request: Request): Promise<{ token: string; form: boolean }> {
  const form = (request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded");
  const body = form ? Object.fromEntries(new URLSearchParams(await readRawBody(request, MAX_JSON_BODY_BYTES))) : await readJsonBody(request);
  const parsed = giftCancelInputSchema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  return { token: parsed.data.token, form };
}

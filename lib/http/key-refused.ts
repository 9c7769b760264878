import { ApiError } from "@/lib/errors/api-error";
import type { KeyIdentity } from "@/lib/keys/key-identity";

/** A 403 for a verified key used where it may not be (origin, scope): the request still counts against that key's quota. */
export class KeyRefused extends ApiError {
  constructor(
    readonly key: KeyIdentity,
    detail: string,
  ) {
    super("forbidden", detail);
  }
}

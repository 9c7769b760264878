import { unauthorized } from "@/lib/errors/unauthorized";

/**
 * The token of an `Authorization: Bearer <token>` header, or null when the header is absent.
 * Any other use of the header (another scheme, an empty token) is a 401, never read as anonymous.
 */
export function bearerToken(headers: Headers): string | null {
  const value = headers.get("authorization");
  if (value === null) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(value);
  if (!match?.[1]) throw unauthorized("The Authorization header must be `Bearer <API key>`.", "invalid_request");
  return match[1];
}

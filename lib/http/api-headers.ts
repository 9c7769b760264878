import { APP_VERSION } from "@/lib/version";

/** Headers every API response carries, whatever produced it. */
export function withApiHeaders(response: Response): Response {
  response.headers.set("API-Version", APP_VERSION);
  response.headers.set("X-Content-Type-Options", "nosniff");
  return response;
}

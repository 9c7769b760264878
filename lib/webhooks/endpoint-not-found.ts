import { ApiError } from "@/lib/errors/api-error";

/** The 404 for an endpoint id that names no endpoint (never did, or was deleted meanwhile). */
export function endpointNotFound(id: string): ApiError {
  return new ApiError("not_found", `No webhook endpoint has the id '${id.slice(0, 60)}'.`);
}

// Any other /api path — a problem+json 404 instead of an HTML page
import { ApiError } from "@/lib/errors/api-error";
import { route } from "@/lib/route/route";

const notFound = route({ access: "read" }, async (request) => {
  throw new ApiError("not_found", `There is no API endpoint at ${new URL(request.url).pathname}.`);
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;

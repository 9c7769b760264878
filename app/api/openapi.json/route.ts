// GET /api/openapi.json — the OpenAPI 3.1 document of the REST surface
import { route } from "@/lib/route/route";
import { jsonResponse } from "@/lib/http/json-response";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";

const document = buildOpenApiDocument();

export const GET = route({ access: "read" }, async (request) =>
  jsonResponse(request, document, { cacheControl: "public, max-age=300" }),
);

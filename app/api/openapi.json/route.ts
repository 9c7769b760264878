// GET /api/openapi.json — the OpenAPI 3.1 document of the REST surface
import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/json-response";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";

const document = buildOpenApiDocument();

export const GET = apiRoute(async (request) =>
  jsonResponse(request, document, { cacheControl: "public, max-age=300" }),
);

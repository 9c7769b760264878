// GET, POST /api/v1/webhook-endpoints — list webhook endpoints, and register one (its secret is in this answer only)
import { z } from "zod";
import { keyed, route } from "@/lib/route/route";
import { listPage } from "@/lib/schemas/list-page";
import { noStoreJson } from "@/lib/http/no-store-json";
import { parseQuery } from "@/lib/http/parse-query";
import { readJsonBody } from "@/lib/http/read-json-body";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";

export const dynamic = "force-dynamic";

export const GET = route({ access: keyed("admin") }, async (request) => {
  parseQuery(new URL(request.url).searchParams, z.object({}));
  const endpoints = await listWebhookEndpoints();
  return noStoreJson(listPage(endpoints, null, endpoints.length));
});

export const POST = route({ access: keyed("admin") }, async (request) => {
  const { record, secret } = await createWebhookEndpoint(await readJsonBody(request));
  return noStoreJson({ data: record, secret }, 201, { Location: `/api/v1/webhook-endpoints/${record.id}` });
});

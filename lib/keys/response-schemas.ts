// The keys API's answers, as zod schemas: they document /api/v1/keys in the OpenAPI document.
import { z } from "zod";
import { listPageSchema } from "@/lib/schemas/list-page-schema";
import { apiKeyRecordSchema } from "./schemas";

/** Every key in one page (the list is not paged): next_cursor is null. */
export const apiKeyListResponseSchema = listPageSchema(apiKeyRecordSchema).meta({ id: "ApiKeyList" });

export const apiKeyResponseSchema = z.object({ data: apiKeyRecordSchema }).meta({ id: "ApiKeyResponse" });

export const createdApiKeyResponseSchema = z
  .object({
    data: apiKeyRecordSchema,
    key: z.string().meta({ description: "The key itself: shown in this answer only, stored nowhere. Keep it secret." }),
    previous: apiKeyRecordSchema.optional().meta({ description: "On rotation: the key this one replaces, now revoked." }),
  })
  .meta({ id: "CreatedApiKey" });

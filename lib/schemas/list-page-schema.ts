// The schema of a list answer (lib/schemas/list-page.ts) for the OpenAPI document, around the
// schema of one item.
import { z } from "zod";

export function listPageSchema(item: z.ZodType, cursorMeaning = "The cursor of the next page; null on the last page.", extra: z.ZodRawShape = {}): z.ZodType {
  return z.object({
    ...extra,
    data: z.array(item),
    page: z.object({
      next_cursor: z.string().nullable().meta({ description: cursorMeaning }),
      limit: z.int().meta({ description: "The page size: the limit asked for, or the default; for a list that is not paged, how many items it holds." }),
    }),
  });
}

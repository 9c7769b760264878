import { z } from "zod";

/** RFC 9457 problem details, as every REST error answers. */
export const problemSchema = z
  .object({
    type: z.string().meta({ description: "Stable per kind of error, e.g. /problems/invalid-request" }),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    instance: z.string().optional(),
    errors: z
      .array(z.object({ name: z.string(), reason: z.string() }))
      .optional()
      .meta({ description: "For invalid requests: each parameter or field at fault, by name." }),
  })
  .meta({ id: "Problem" });

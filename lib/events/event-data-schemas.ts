// What the ngo.* and api_key.* events carry, as zod schemas: their TypeScript types
// (event-types.ts) are inferred from them, and the OpenAPI document describes the webhooks with
// them (lib/webhooks/event-payload-schemas.ts). The donation_intent.* types are described by
// their domain, lib/donations/intent-event-data.ts, whose shapes this layer does not know.
import { z } from "zod";

const ngoRef = z
  .object({ id: z.string().meta({ description: "ngo_…" }), slug: z.string(), name: z.string(), state: z.string() })
  .meta({ description: "The entry the event is about, as it is after the change." });

const apiKeyRef = z.object({
  id: z.string().meta({ description: "key_…" }),
  name: z.string(),
  kind: z.string().meta({ description: "secret or publishable" }),
  tier: z.string(),
  scopes: z.array(z.string()),
});

export const registryEventDataSchemas = {
  "ngo.created": z.object({ ngo: ngoRef.extend({ sector: z.string(), country: z.string(), trust_score: z.number() }) }),
  "ngo.updated": z.object({
    ngo: ngoRef,
    changed: z.array(z.string()).meta({ description: "The fields whose value changed (trust_components for new score inputs)." }),
  }),
  "ngo.state_changed": z.object({
    ngo: ngoRef,
    from: z.string(),
    to: z.string(),
    reason: z.string(),
    actor: z.string().meta({ description: "Who moved it: a name and an id, e.g. an API key's." }),
  }),
  "ngo.trust_score_changed": z.object({ ngo: ngoRef, old: z.number(), new: z.number(), methodology_version: z.string() }),
  "api_key.created": z.object({ api_key: apiKeyRef }),
  "api_key.revoked": z.object({ api_key: apiKeyRef }),
};

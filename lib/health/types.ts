// The application/health+json shapes of the IETF health-check draft (draft-inadarei-api-health-check),
// as zod schemas: they type the probe and document it in the OpenAPI document.
import { z } from "zod";

export const healthStatusSchema = z.enum(["pass", "warn", "fail"]);

const healthCheckSchema = z.object({
  status: healthStatusSchema,
  componentType: z.string(),
  componentId: z.string().optional(),
  observedValue: z.unknown().optional(),
  observedUnit: z.string().optional(),
  /** A short, generic reason for warn or fail: never a raw error message. */
  output: z.string().optional(),
  time: z.iso.datetime(),
});

export const healthSchema = z
  .object({
    status: healthStatusSchema,
    version: z.string().meta({ description: "The service's semver." }),
    releaseId: z.string().optional(),
    description: z.string().optional(),
    checks: z
      .record(z.string(), z.array(healthCheckSchema))
      .optional()
      .meta({ description: "database:responseTime, database:migrations, payments:provider, payments:sandbox, rateLimit:store, webhooks:deliveries, data:kind" }),
  })
  .meta({ id: "Health" });

export type HealthStatus = z.infer<typeof healthStatusSchema>;
export type HealthCheck = z.infer<typeof healthCheckSchema>;
export type Health = z.infer<typeof healthSchema>;

/** What one check observed, before the probe stamps it with its component type and time. */
export type CheckOutcome = Omit<HealthCheck, "componentType" | "time">;

/**
 * One entry of the probe: what kind of component it looks at, and how to look. `atWorst: "warn"`
 * marks a check that cannot tell whether the service answers (background work): its failure,
 * timeout included, is reported as a warning and never fails the probe.
 */
export type HealthCheckDefinition = { componentType: string; run: () => Promise<CheckOutcome>; atWorst?: "warn" };

// The application/health+json shapes of the IETF health-check draft (draft-inadarei-api-health-check).

export type HealthStatus = "pass" | "warn" | "fail";

/** What one check observed, before the probe stamps it with its component type and time. */
export type CheckOutcome = {
  status: HealthStatus;
  componentId?: string;
  observedValue?: unknown;
  observedUnit?: string;
  /** A short, generic reason for warn or fail: never a raw error message. */
  output?: string;
};

export type HealthCheck = CheckOutcome & { componentType: string; time: string };

export type Health = {
  status: HealthStatus;
  version: string;
  releaseId?: string;
  description?: string;
  checks?: Record<string, HealthCheck[]>;
};

/** One entry of the probe: what kind of component it looks at, and how to look. */
export type HealthCheckDefinition = { componentType: string; run: () => Promise<CheckOutcome> };

/**
 * A short, fixed reason for a failed check. The error's own message is never used: driver errors
 * can carry connection strings, host names, SQL or stack traces, and the probe is public.
 */
export function describeFailure(error: unknown): string {
  // Compared by name, not instanceof: Next may load a module more than once per process.
  switch (error instanceof Error ? error.name : undefined) {
    case "TimeoutError":
      return "timeout";
    case "DatabaseBusyError":
      return "embedded database in use by another process";
    case "ConfigError":
      return "misconfigured";
    default:
      return "unreachable";
  }
}

import { ApiError } from "@/lib/errors/api-error";

/**
 * A domain 400 speaks of input fields (`rate_limit_per_minute`, `origins.1`); the operator typed
 * flags. Renames the fields after the flags (`--rate-limit`, `--origin #2`); anything else passes.
 */
export function nameFlagsInError(error: unknown, flags: Record<string, string>): unknown {
  if (!(error instanceof ApiError) || !error.extras.errors) return error;
  return ApiError.invalid(
    error.extras.errors.map(({ name, reason }) => {
      const [field = "", index] = name.split(".");
      const flag = flags[field];
      if (!flag) return { name, reason };
      return { name: index !== undefined && /^\d+$/.test(index) ? `${flag} #${Number(index) + 1}` : flag, reason };
    }),
  );
}

import { PROBLEM_TYPES, type ProblemCode } from "./problem-types";

/** One invalid input: which parameter or field, and what is wrong with it. */
export type FieldError = { name: string; reason: string };

/**
 * The error every layer throws for a problem the client should hear about. One place
 * (problemResponse) turns it into RFC 9457 problem+json.
 */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;

  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly extras: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.status = PROBLEM_TYPES[code].status;
  }

  /**
   * The 400 for invalid input. `errors` keeps every issue; the detail names each field once,
   * since zod may report several issues for one field ("amount: too small; not an integer").
   */
  static invalid(errors: FieldError[]): ApiError {
    const names = [...new Set(errors.map((e) => e.name))];
    const detail =
      names.length === 1
        ? `${names[0]}: ${[...new Set(errors.map((e) => e.reason))].join("; ")}`
        : `${names.length} parameters are not valid: ${names.join(", ")}`;
    return new ApiError("invalid_request", detail, { errors });
  }
}

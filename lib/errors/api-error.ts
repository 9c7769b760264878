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

  static invalid(errors: FieldError[]): ApiError {
    const detail =
      errors.length === 1 && errors[0]
        ? `${errors[0].name}: ${errors[0].reason}`
        : `${errors.length} parameters are not valid: ${errors.map((e) => e.name).join(", ")}`;
    return new ApiError("invalid_request", detail, { errors });
  }
}

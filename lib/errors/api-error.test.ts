import { describe, expect, it } from "vitest";
import { parseQuery } from "@/lib/http/parse-query";
import { listQuerySchema } from "@/lib/registry/schemas";
import { ApiError } from "./api-error";

describe("ApiError.invalid", () => {
  it("names each field once in the detail, and keeps every issue in errors", () => {
    const errors = [
      { name: "amount", reason: "must be an integer" },
      { name: "amount", reason: "must be from 100 to 1000000" },
      { name: "currency", reason: "must be one of EUR, USD" },
      { name: "amount", reason: "must be an integer" },
    ];
    const error = ApiError.invalid(errors);
    expect(error.detail).toBe("2 parameters are not valid: amount, currency");
    expect(error.extras.errors).toEqual(errors);
  });

  it("gives one field's reasons, each once, when only that field is at fault", () => {
    const error = ApiError.invalid([
      { name: "amount", reason: "must be an integer" },
      { name: "amount", reason: "must be from 100 to 1000000" },
    ]);
    expect(error.detail).toBe("amount: must be an integer; must be from 100 to 1000000");
    expect(ApiError.invalid([{ name: "limit", reason: "must be an integer from 1 to 100" }]).detail).toBe("limit: must be an integer from 1 to 100");
  });

  it("does so for a query parameter zod finds two faults in", () => {
    try {
      parseQuery(new URLSearchParams("q=%20"), listQuerySchema);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      const { detail, extras } = error as ApiError;
      expect(extras.errors?.map((e) => e.name)).toEqual(["q", "q"]);
      expect(detail).toBe("q: must not be empty; must contain a letter or a digit");
    }
  });
});

import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { listQuerySchema } from "@/lib/registry/schemas";
import { parseQuery } from "./parse-query";

function parse(query: string) {
  return parseQuery(new URLSearchParams(query), listQuerySchema);
}

function errorsOf(query: string) {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, errors: error.extras.errors };
    throw error;
  }
  throw new Error(`expected ${query} to be refused`);
}

describe("registry query parsing", () => {
  it("reads filters, lists and numbers", () => {
    expect(parse("q=%20S%C3%A3o%20Paulo%20&sector=Health,education&state=verified&country=br,de&min_trust_score=70&limit=5&sort=-name")).toEqual({
      q: "São Paulo",
      sector: ["health", "education"],
      state: ["verified"],
      country: ["BR", "DE"],
      min_trust_score: 70,
      limit: 5,
      sort: "-name",
    });
    expect(parse("")).toEqual({});
  });

  it("names the parameter at fault", () => {
    expect(errorsOf("limit=0").errors).toEqual([{ name: "limit", reason: "must be an integer from 1 to 100" }]);
    expect(errorsOf("limit=101").errors?.[0]?.name).toBe("limit");
    expect(errorsOf("limit=1e2").errors?.[0]?.name).toBe("limit");
    expect(errorsOf("limit=").errors?.[0]?.name).toBe("limit");
    expect(errorsOf("min_trust_score=-1").errors?.[0]?.name).toBe("min_trust_score");
    expect(errorsOf("sector=health,astrology").errors?.[0]?.name).toBe("sector");
    expect(errorsOf("state=secret").errors?.[0]?.name).toBe("state");
    expect(errorsOf("country=BRA").errors?.[0]?.name).toBe("country");
    expect(errorsOf("sort=price").errors?.[0]?.name).toBe("sort");
    expect(errorsOf("q=%20%20").errors?.[0]?.name).toBe("q");
    expect(errorsOf("q=---").errors?.[0]?.name).toBe("q");
    expect(errorsOf("view=map").errors?.[0]?.name).toBe("view");
  });

  it("refuses unknown and repeated parameters", () => {
    expect(errorsOf("secto=health").errors?.[0]).toMatchObject({ name: "secto", reason: expect.stringMatching(/^unknown parameter/) });
    expect(errorsOf("limit=5&limit=6").errors).toEqual([{ name: "limit", reason: "given more than once" }]);
    expect(errorsOf("limit=0&bogus=1").errors?.map((e) => e.name).sort()).toEqual(["bogus", "limit"]);
    expect(errorsOf("bogus=1").status).toBe(400);
  });
});

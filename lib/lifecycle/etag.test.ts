import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { assertIfMatch } from "./etag";

function refusal(ifMatch: string, version = 3): ApiError | null {
  try {
    assertIfMatch(ifMatch, version);
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

describe("assertIfMatch", () => {
  it("lets the current strong ETag, one of a list, and * through", () => {
    for (const ifMatch of ['"v3"', '"v1", "v3"', "*", ' "v2" ,"v3" ']) expect(refusal(ifMatch), ifMatch).toBeNull();
    expect(() => assertIfMatch(null, 3)).not.toThrow();
  });

  it("refuses a stale ETag with 412 and the current one", () => {
    expect(refusal('"v2"')).toMatchObject({ status: 412, extras: { headers: { ETag: '"v3"' } } });
  });

  it("compares strongly: a weak ETag never matches, not even the current version", () => {
    for (const ifMatch of ['W/"v3"', 'W/"v2", W/"v3"', 'w/"v3"']) {
      const error = refusal(ifMatch);
      expect(error, ifMatch).toMatchObject({ status: 412, code: "precondition_failed" });
    }
    expect(refusal('W/"v3"')?.detail).toContain("weak");
  });
});

import { describe, expect, it } from "vitest";
import { requestId } from "./request-id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("requestId", () => {
  it("makes a random id when no proxy is trusted, whatever the client sent", () => {
    expect(requestId("chosen-by-client", 0)).toMatch(UUID);
    expect(requestId(undefined, 0)).toMatch(UUID);
    expect(requestId(undefined, 0)).not.toBe(requestId(undefined, 0));
  });

  it("keeps a well-formed id from a trusted proxy", () => {
    expect(requestId("fra1::iad1::abcde-1732580000000-0123456789ab", 1)).toBe("fra1::iad1::abcde-1732580000000-0123456789ab");
    expect(requestId("2b6f0cc9-4fa4-4a3e-9d64-4e1f7a1b2c3d", 2)).toBe("2b6f0cc9-4fa4-4a3e-9d64-4e1f7a1b2c3d");
  });

  it("replaces an id that is too long or holds unsafe characters", () => {
    for (const bad of ["a".repeat(129), "", "id with spaces", 'id"quote', "id\nnewline", "ид", "<script>"]) {
      expect(requestId(bad, 1), JSON.stringify(bad)).toMatch(UUID);
    }
  });
});

import { describe, expect, it } from "vitest";
import { ConfigError } from "@/lib/config";
import { DatabaseBusyError } from "@/lib/db/connection";
import { describeFailure } from "./describe-failure";

describe("describeFailure", () => {
  it("names known failures with a fixed phrase", () => {
    expect(describeFailure(new DOMException("no answer within 1500 ms", "TimeoutError"))).toBe("timeout");
    expect(describeFailure(new DatabaseBusyError("in use by process 42 in /srv/.data"))).toBe(
      "embedded database in use by another process",
    );
    expect(describeFailure(new ConfigError("DATABASE_URL: must start with postgres://"))).toBe("misconfigured");
  });

  it("never passes an unknown error's message on", () => {
    const error = new Error('relation "ngo" does not exist: SELECT * FROM ngo; password=hunter2');
    expect(describeFailure(error)).toBe("unreachable");
    expect(describeFailure("a thrown string")).toBe("unreachable");
  });
});

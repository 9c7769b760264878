import { describe, expect, it } from "vitest";
import { parseCreateKeyArgs } from "./parse-create-key-args";

const usage = (args: string[]) => {
  try {
    parseCreateKeyArgs(args);
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
  throw new Error("expected a usage error");
};

describe("parseCreateKeyArgs", () => {
  it("maps every flag to createApiKey's input, repeatable ones as lists", () => {
    const parsed = parseCreateKeyArgs([
      "--name", "Donate widget", "--kind", "publishable", "--ngo", "demo-water-trust",
      "--origin", "https://a.example", "--origin=https://*.a.example", "--scope", "embed:write",
      "--rate-limit", "120", "--expires-at", "2030-01-01T00:00:00Z", "--json",
    ]);
    expect(parsed).toEqual({
      help: false,
      json: true,
      input: {
        name: "Donate widget",
        kind: "publishable",
        ngo: "demo-water-trust",
        origins: ["https://a.example", "https://*.a.example"],
        scopes: ["embed:write"],
        rate_limit_per_minute: 120,
        expires_at: "2030-01-01T00:00:00Z",
      },
    });
  });

  it("leaves omitted settings to createApiKey's defaults", () => {
    expect(parseCreateKeyArgs(["--name", "Partner", "--kind", "secret"])).toEqual({
      help: false,
      json: false,
      input: { name: "Partner", kind: "secret" },
    });
  });

  it("answers --help and -h before checking anything else", () => {
    expect(parseCreateKeyArgs(["--help"])).toEqual({ help: true });
    expect(parseCreateKeyArgs(["--kind", "nonsense", "-h"])).toEqual({ help: true });
  });

  it("names the flag at fault in usage errors", () => {
    expect(usage([])).toEqual({ name: "UsageError", message: "--name is required" });
    expect(usage(["--name", "x"]).message).toBe("--kind is required (publishable or secret)");
    expect(usage(["--name", "x", "--kind", "public"]).message).toBe("--kind must be one of publishable, secret, not 'public'");
    expect(usage(["--name", "x", "--kind", "secret", "--tier", "boss"]).message).toMatch(/^--tier must be one of/);
    expect(usage(["--name", "x", "--kind", "secret", "--scope", "root"]).message).toMatch(/^--scope must be one of/);
    expect(usage(["--name", "x", "--kind", "secret", "--rate-limit", "1e3"]).message).toBe(
      "--rate-limit must be a whole number of requests per minute, not '1e3'",
    );
    expect(usage(["--name", "x", "--kind", "secret", "--colour", "red"]).message).toBe("unknown option --colour");
    expect(usage(["--name"]).message).toBe("--name needs a value");
    expect(usage(["--name", "x", "--kind", "secret", "--json=yes"]).message).toBe("--json takes no value");
    expect(usage(["--name", "x", "--kind", "secret", "extra"]).message).toBe("unexpected argument 'extra'");
  });
});

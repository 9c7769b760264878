import { describe, expect, it } from "vitest";
import { generateApiKey } from "@/lib/keys/generate-api-key";
import { parseApiKey } from "@/lib/keys/parse-api-key";
import { tamperedKey } from "../support/tampered-key";

describe("the tests' tampered key", () => {
  it("always differs from the key, whatever its last character (the old `slice(0, -1) + 'x'` did not)", () => {
    for (const last of ["x", "y", "0", "Z"]) {
      const key = `${generateApiKey("secret").slice(0, -1)}${last}`;
      expect(tamperedKey(key)).not.toBe(key);
      expect(tamperedKey(key)).toHaveLength(key.length);
    }
    const real = generateApiKey("secret");
    expect(parseApiKey(tamperedKey(real))?.checksumValid).toBe(false);
  });
});

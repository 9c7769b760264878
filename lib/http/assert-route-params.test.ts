import { describe, expect, it } from "vitest";
import { assertRouteParams } from "./assert-route-params";

const refusal = (context: unknown) => assertRouteParams(context).then(() => undefined, (error: { status: number; extras: { errors: { name: string }[] } }) => error);

describe("assertRouteParams", () => {
  it("lets slugs, ids and contexts without params through", async () => {
    await expect(assertRouteParams({ params: Promise.resolve({ slug: "agua-limpa", id: "whep_abc" }) })).resolves.toBeUndefined();
    await expect(assertRouteParams({ params: { path: ["a", "b"] } })).resolves.toBeUndefined();
    await expect(assertRouteParams({ params: Promise.resolve({ slug: "Société" }) })).resolves.toBeUndefined();
    await expect(assertRouteParams(undefined)).resolves.toBeUndefined();
    await expect(assertRouteParams({})).resolves.toBeUndefined();
  });

  it("refuses NUL, other control characters, lone surrogates and noncharacters, naming the segment", async () => {
    for (const bad of ["\u0000", "a\u0000b", "\u0001", "\u001f", "\u007f", "\u0085", "\ud800", "x\udfff", "\uffff", "\ufffe"]) {
      const error = await refusal({ params: Promise.resolve({ id: bad }) });
      expect(error?.status, JSON.stringify(bad)).toBe(400);
      expect(error?.extras.errors.map((e) => e.name)).toEqual(["id"]);
    }
    expect((await refusal({ params: { path: ["ok", "b\u0000d"] } }))?.extras.errors[0]?.name).toBe("path");
  });
});

import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { readJsonBody } from "./read-json-body";

const post = (body: string, type = "application/json") => new Request("http://registry.test/", { method: "POST", body, headers: { "content-type": type } });

async function refusal(body: string): Promise<ApiError> {
  const error = await readJsonBody(post(body)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("readJsonBody", () => {
  it("parses JSON, and keeps text with any Unicode, surrogate pairs included", async () => {
    await expect(readJsonBody(post('{"name":"São 😀 \\ud83d\\ude00","n":[1,{"a":null}]}'))).resolves.toEqual({ name: "São 😀 😀", n: [1, { a: null }] });
  });

  it("refuses the NUL character and unpaired surrogates, in values and keys, naming where", async () => {
    expect((await refusal('{"name":"Ada\\u0000"}')).detail).toMatch(/^name: must not contain the NUL character/);
    expect((await refusal('{"a":[1,{"b":"\\udc00"}]}')).detail).toMatch(/^a\.1\.b: /);
    expect((await refusal('{"metadata":{"k\\ud800":"v"}}')).detail).toMatch(/^metadata\.k\ud800: /);
    expect((await refusal('"\\u0000"')).detail).toMatch(/^body: /);
  });

  it("walks a body nested as deep as its size allows", async () => {
    await expect(readJsonBody(post("[".repeat(8_000) + "]".repeat(8_000)))).resolves.toBeDefined();
  });

  it("refuses what is not JSON, by type and by content", async () => {
    expect((await readJsonBody(post("a=1", "text/plain")).catch((e: unknown) => e)) as ApiError).toMatchObject({ code: "unsupported_media_type" });
    expect((await refusal("{")).detail).toBe("body: is not valid JSON");
  });
});

// A donor cancels a monthly gift with the signed link of its confirmation
// (docs/donations.md#cancelling-a-monthly-gift), on the sandbox: the link in the intent's answer,
// the page showing what will be canceled, its plain form, one event however often it is used, and
// a clear refusal for a link that was changed, has expired, names another kind of gift or is
// another token of the registry's. Stripe's side is in payments-stripe.test.ts.
import { hkdfSync } from "node:crypto";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_FIXTURES } from "@/lib/sample/sample-fixtures";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { callApi, type ApiCall } from "../support/call-api";
import { TEST_SERVER_SECRET } from "../support/child-env";

const NGO_SITE = "https://donate.ngo.test";
const DEMO = SAMPLE_FIXTURES.donationDemo;
const INTENT = "/api/v1/embed/donation/intent";
const CANCEL = "/api/v1/donations/cancel";

let app: StartedApp;
let keys: CreatedKeys<"operator" | "embed">;

beforeAll(async () => {
  // A known server secret (the embedded mode would make one), so that the test can forge tokens as the app signs them.
  ({ app, keys } = await startAppWithKeys(
    {
      operator: { name: "Donations desk", kind: "secret", tier: "operator" },
      embed: { name: "Demo site", kind: "publishable", ngo: DEMO, origins: [NGO_SITE] },
    },
    { env: { SERVER_SECRET: TEST_SERVER_SECRET } },
  ));
});

afterAll(async () => {
  await app?.stop();
});

type Json = Record<string, unknown> & { detail?: string; errors?: { name: string; reason: string }[] };

// Redirects are not followed: the form's 303 back to its page is part of what is tested.
const call = (method: string, url: string, init: Omit<ApiCall, "redirect"> = {}) =>
  callApi<Json>(url.startsWith("http") ? url : `${app.url}${url}`, method, { ...init, redirect: "manual" });

/** A gift made and paid with the sandbox's succeeding test card. */
async function paidGift(frequency: "monthly" | "one_time" = "monthly"): Promise<{ id: string; secret: string }> {
  const { body } = await call("POST", INTENT, {
    body: { ngo: DEMO, amount: 1500, currency: "EUR", frequency },
    headers: { Authorization: `Bearer ${keys.embed.key}`, Origin: NGO_SITE },
  });
  const confirmed = await call("POST", `${INTENT}/${String(body.id)}/confirm`, { body: { client_secret: body.client_secret, card_number: "4242 4242 4242 4242" } });
  expect(confirmed.body.status).toBe("succeeded");
  return { id: String(body.id), secret: String(body.client_secret) };
}

const follow = (gift: { id: string; secret: string }) => call("GET", `${INTENT}/${gift.id}?client_secret=${encodeURIComponent(gift.secret)}`);
const tokenOf = (cancelUrl: unknown) => new URL(String(cancelUrl)).searchParams.get("token") ?? "";
const postForm = (token: string) => call("POST", CANCEL, { body: new URLSearchParams({ token }).toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" } });

async function subscriptionEventsAbout(id: string): Promise<string[]> {
  const { body } = await call("GET", "/api/v1/events?limit=100", { headers: { Authorization: `Bearer ${keys.operator.key}` } });
  return (body.data as { type: string; data: { donation_intent?: { id: string } } }[]).filter((e) => e.data.donation_intent?.id === id && e.type.startsWith("donation_subscription.")).map((e) => e.type);
}

/** A JWT signed as the app signs, under the key of `purpose` derived from its server secret. */
async function forge(purpose: string, claims: { sub: string; aud: string; exp: number }): Promise<string> {
  const key = Buffer.from(hkdfSync("sha256", Buffer.from(TEST_SERVER_SECRET, "utf8"), Buffer.alloc(0), `trust-registry ${purpose} v1`, 32));
  return new SignJWT({}).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(claims.sub).setIssuer("trust-registry").setAudience(claims.aud).setIssuedAt().setExpirationTime(claims.exp).sign(key);
}

describe("the signed cancel link of a monthly gift", () => {
  it("is in the answer of a succeeded monthly gift only, and its page shows what will be canceled", async () => {
    const gift = await paidGift();
    const { body } = await follow(gift);
    expect(body.cancel_url).toMatch(new RegExp(`^${app.url}/donations/cancel\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    expect((await follow(await paidGift("one_time"))).body.cancel_url).toBeNull();

    const page = await call("GET", String(body.cancel_url));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toMatch(/no-store/);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.text).toContain("Cancel your monthly gift");
    expect(page.text).toMatch(/15\.00 EUR a month/);
    expect(page.text).toMatch(/<form (?=[^>]*method="post")(?=[^>]*action="\/api\/v1\/donations\/cancel")[^>]*>/);
    expect(page.text).not.toMatch(/<script(?![^>]*explorer\.js)/);
  });

  it("cancels once: the form answers with the page, which then says so; a second cancel changes nothing", async () => {
    const gift = await paidGift();
    const token = tokenOf((await follow(gift)).body.cancel_url);
    const posted = await postForm(token);
    expect(posted.status).toBe(303);
    const location = posted.headers.get("location") ?? "";
    expect(location).toBe(`/donations/cancel?token=${token}`);
    expect((await call("GET", location)).text).toContain("Your monthly gift is canceled");

    expect((await postForm(token)).status).toBe(303);
    const again = await call("POST", CANCEL, { body: { token } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ changed: false, data: { intent_id: gift.id, state: "canceled" } });
    expect(await subscriptionEventsAbout(gift.id)).toEqual(["donation_subscription.canceled"]);
    expect((await follow(gift)).body.cancel_url).toBeNull();
  });

  it("refuses a link that was changed, has expired, names no monthly gift or is another of the registry's tokens", async () => {
    const gift = await paidGift();
    const token = tokenOf((await follow(gift)).body.cancel_url);
    const [head, payload, signature] = token.split(".") as [string, string, string];
    const flipped = `${head}.${payload}.${signature.slice(0, 10)}${signature[10] === "A" ? "B" : "A"}${signature.slice(11)}`;
    const otherSubject = `${head}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), sub: (await paidGift()).id })).toString("base64url")}.${signature}`;
    const hour = Math.floor(Date.now() / 1000) + 3600;
    const oneTime = await paidGift("one_time");
    const refusals: [string, string, number, RegExp][] = [
      ["changed signature", flipped, 400, /not a valid cancel link/],
      ["another intent, same signature", otherSubject, 400, /not a valid cancel link/],
      ["cut short", token.slice(0, -5), 400, /not a valid cancel link/],
      ["expired", await forge("gift-cancel", { sub: gift.id, aud: "gift-cancel", exp: Math.floor(Date.now() / 1000) - 60 }), 400, /has expired/],
      ["an embed session's key", await forge("embed-session", { sub: gift.id, aud: "gift-cancel", exp: hour }), 400, /not a valid cancel link/],
      ["another audience", await forge("gift-cancel", { sub: gift.id, aud: "embed-session", exp: hour }), 400, /not a valid cancel link/],
      ["a one-time gift", await forge("gift-cancel", { sub: oneTime.id, aud: "gift-cancel", exp: hour }), 404, /no monthly gift/],
    ];
    for (const [what, bad, status, reason] of refusals) {
      const answer = await call("POST", CANCEL, { body: { token: bad } });
      expect(answer.status, what).toBe(status);
      expect(answer.headers.get("content-type"), what).toMatch(/^application\/problem\+json/);
      expect(answer.body.detail, what).toMatch(reason);
      if (status === 400) expect(answer.body.errors?.map((e) => e.name), what).toEqual(["token"]);
      const page = await call("GET", `/donations/cancel?token=${encodeURIComponent(bad)}`);
      expect(page.text, what).toContain("This cancel link does not work");
      expect(page.text, what).not.toContain("<form");
    }
    expect((await call("GET", "/donations/cancel")).text).toContain("This cancel link does not work");
    expect(await subscriptionEventsAbout(gift.id)).toEqual([]);
    expect((await follow(gift)).body.cancel_url).not.toBeNull();
  });
});

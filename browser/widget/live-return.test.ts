import { describe, expect, it } from "vitest";
import { keepSecret, resumeFrom, returnUrlFor, takeSecret, withoutResume } from "./live-return";

const WIDGET = "https://registry.test/embed/donate/demo?key=pk_embed_1";

describe("the live widget's return from Stripe", () => {
  it("marks the widget's own URL with our intent id, keeping its key", () => {
    const url = new URL(returnUrlFor(WIDGET, "di_abc123"));
    expect(url.origin + url.pathname).toBe("https://registry.test/embed/donate/demo");
    expect(url.searchParams.get("key")).toBe("pk_embed_1");
    expect(url.searchParams.get("resume")).toBe("di_abc123");
    expect(returnUrlFor(`${WIDGET}&resume=di_old&redirect_status=failed`, "di_new")).toBe(`${WIDGET}&resume=di_new`);
  });

  it("resumes only a marked page Stripe returned to, and cleans its URL", () => {
    const back = `${WIDGET}&resume=di_abc123&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded`;
    expect(resumeFrom(back)).toEqual({ id: "di_abc123", redirectStatus: "succeeded" });
    expect(resumeFrom(WIDGET)).toBeNull();
    expect(resumeFrom(`${WIDGET}&resume=di_abc123`)).toBeNull();
    expect(resumeFrom(`${WIDGET}&resume=../x&redirect_status=succeeded`)).toBeNull();
    expect(withoutResume(back)).toBe(WIDGET);
  });

  it("keeps our client secret in session storage once, out of every URL", () => {
    const items = new Map<string, string>();
    const sessionStorage = {
      setItem: (k: string, v: string) => items.set(k, v),
      getItem: (k: string) => items.get(k) ?? null,
      removeItem: (k: string) => items.delete(k),
    } as unknown as Storage;
    expect(keepSecret(sessionStorage, "di_abc123", "dis_secret")).toBe(true);
    expect(takeSecret(sessionStorage, "di_abc123")).toBe("dis_secret");
    expect(takeSecret(sessionStorage, "di_abc123")).toBeNull();
    const refusing = { setItem: () => { throw new Error("denied"); }, getItem: () => null } as unknown as Storage;
    expect(keepSecret(refusing, "di_abc123", "dis_secret")).toBe(false);
    expect(takeSecret(undefined, "di_abc123")).toBeNull();
  });
});

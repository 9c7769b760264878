import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signWebhook } from "./sign-webhook";

// The test vector published with the Standard Webhooks specification.
const VECTOR = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  seconds: 1614265330,
  body: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};

describe("signWebhook", () => {
  it("reproduces the specification's test vector", () => {
    const headers = signWebhook(VECTOR.id, VECTOR.body, [VECTOR.secret], new Date(VECTOR.seconds * 1000));
    expect(headers).toEqual({ "webhook-id": VECTOR.id, "webhook-timestamp": String(VECTOR.seconds), "webhook-signature": VECTOR.signature });
  });

  it("signs with every secret of a rotation, each verifiable on its own", () => {
    const secrets = ["whsec_" + Buffer.alloc(32, 1).toString("base64"), "whsec_" + Buffer.alloc(32, 2).toString("base64")];
    const headers = signWebhook("evt_1", '{"a":1}', secrets);
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    for (const secret of secrets) expect(new Webhook(secret).verify('{"a":1}', headers)).toEqual({ a: 1 });
    expect(() => new Webhook("whsec_" + Buffer.alloc(32, 3).toString("base64")).verify('{"a":1}', headers)).toThrow();
  });
});

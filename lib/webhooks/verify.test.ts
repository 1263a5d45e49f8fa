import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Webhook } from "standardwebhooks";
import { verifyWebhook } from "./verify";

// The Standard Webhooks reference library's own published vector (shared/spec/test-vectors.md),
// and the negative cases it tests.
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
const TIMESTAMP = 1614265330;
const PAYLOAD = '{"test": 2432232314}';
const SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";

const headers = (overrides: Record<string, string | undefined> = {}) => {
  const all: Record<string, string | undefined> = {
    "webhook-id": ID,
    "webhook-timestamp": String(TIMESTAMP),
    "webhook-signature": SIGNATURE,
    ...overrides,
  };
  return new Headers(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined));
};

describe("verifyWebhook against the Standard Webhooks test vector", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(TIMESTAMP * 1000);
  });
  afterEach(() => vi.useRealTimers());

  it("accepts the published signature", () => {
    expect(verifyWebhook(PAYLOAD, headers(), SECRET)).toEqual({ ok: true, eventId: ID, timestamp: TIMESTAMP });
  });

  it("accepts it among several space-separated signatures", () => {
    expect(verifyWebhook(PAYLOAD, headers({ "webhook-signature": `v1,bm90IGl0 ${SIGNATURE}` }), SECRET).ok).toBe(true);
  });

  it("refuses a body changed by one byte", () => {
    expect(verifyWebhook('{"test": 2432232315}', headers(), SECRET)).toMatchObject({
      ok: false,
      reason: "bad_signature",
      eventId: ID,
    });
  });

  it("refuses missing headers", () => {
    expect(verifyWebhook(PAYLOAD, headers({ "webhook-signature": undefined }), SECRET)).toMatchObject({
      ok: false,
      reason: "missing_headers",
    });
    expect(verifyWebhook(PAYLOAD, headers({ "webhook-id": undefined }), SECRET)).toMatchObject({
      ok: false,
      reason: "missing_headers",
    });
  });

  it("refuses a garbage, a truncated and an unknown-version signature", () => {
    expect(verifyWebhook(PAYLOAD, headers({ "webhook-signature": "v1,garbage" }), SECRET).ok).toBe(false);
    expect(verifyWebhook(PAYLOAD, headers({ "webhook-signature": SIGNATURE.slice(0, -4) }), SECRET).ok).toBe(false);
    expect(verifyWebhook(PAYLOAD, headers({ "webhook-signature": SIGNATURE.replace("v1,", "v2,") }), SECRET).ok).toBe(
      false,
    );
  });

  it("refuses the wrong secret", () => {
    expect(verifyWebhook(PAYLOAD, headers(), "whsec_" + Buffer.from("another secret key!").toString("base64")).ok).toBe(
      false,
    );
  });

  it("refuses timestamps 5 minutes and 1 second too old or too new", () => {
    vi.setSystemTime((TIMESTAMP + 301) * 1000);
    expect(verifyWebhook(PAYLOAD, headers(), SECRET)).toMatchObject({ ok: false, reason: "stale_timestamp" });
    vi.setSystemTime((TIMESTAMP - 301) * 1000);
    expect(verifyWebhook(PAYLOAD, headers(), SECRET)).toMatchObject({ ok: false, reason: "future_timestamp" });
  });

  it("gives the same verdicts with a verifier made once from the secret (the receiver's cached one)", () => {
    const verifier = new Webhook(SECRET);
    expect(verifyWebhook(PAYLOAD, headers(), verifier)).toEqual({ ok: true, eventId: ID, timestamp: TIMESTAMP });
    expect(verifyWebhook('{"test": 2432232315}', headers(), verifier)).toMatchObject({
      ok: false,
      reason: "bad_signature",
    });
    vi.setSystemTime((TIMESTAMP + 301) * 1000);
    expect(verifyWebhook(PAYLOAD, headers(), verifier)).toMatchObject({ ok: false, reason: "stale_timestamp" });
  });

  it("still accepts at exactly the 5-minute edge", () => {
    vi.setSystemTime((TIMESTAMP + 300) * 1000);
    expect(verifyWebhook(PAYLOAD, headers(), SECRET).ok).toBe(true);
  });
});

describe("verifyWebhook on a body that is not JSON", () => {
  it("accepts an authentic delivery whose body is not JSON (processing reports it), and refuses a forged one", async () => {
    const body = "not json at all";
    const now = new Date();
    const signature = new Webhook(SECRET).sign(ID, now, body);
    const good = new Headers({
      "webhook-id": ID,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": signature,
    });
    expect(verifyWebhook(body, good, SECRET)).toMatchObject({ ok: true, eventId: ID });
    good.set("webhook-signature", "v1,Zm9yZ2Vk");
    expect(verifyWebhook(body, good, SECRET)).toMatchObject({ ok: false, reason: "bad_signature" });
  });
});

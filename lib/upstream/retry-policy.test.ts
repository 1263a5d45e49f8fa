import { describe, expect, it } from "vitest";
import { backoffDelay, DEFAULT_RETRY_POLICY, requestedWaitMs } from "./retry-policy";

describe("backoffDelay", () => {
  it("grows exponentially up to the cap, with full jitter", () => {
    const top = () => 0.999999;
    expect(backoffDelay(1, DEFAULT_RETRY_POLICY, top)).toBe(200);
    expect(backoffDelay(2, DEFAULT_RETRY_POLICY, top)).toBe(400);
    expect(backoffDelay(3, DEFAULT_RETRY_POLICY, top)).toBe(800);
    expect(backoffDelay(10, DEFAULT_RETRY_POLICY, top)).toBe(5_000);
    expect(backoffDelay(3, DEFAULT_RETRY_POLICY, () => 0)).toBe(0);
  });
});

describe("requestedWaitMs", () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  it("reads Retry-After seconds", () => {
    expect(requestedWaitMs(new Headers({ "Retry-After": "3" }), now)).toBe(3_000);
  });
  it("reads Retry-After as an HTTP date", () => {
    expect(requestedWaitMs(new Headers({ "Retry-After": new Date(now + 5_000).toUTCString() }), now)).toBe(5_000);
  });
  it("reads X-RateLimit-Reset as Unix seconds", () => {
    expect(requestedWaitMs(new Headers({ "X-RateLimit-Reset": String(now / 1000 + 7) }), now)).toBe(7_000);
  });
  it("reads a small X-RateLimit-Reset as seconds to wait", () => {
    expect(requestedWaitMs(new Headers({ "X-RateLimit-Reset": "2" }), now)).toBe(2_000);
  });
  it("is undefined without either header", () => {
    expect(requestedWaitMs(new Headers(), now)).toBeUndefined();
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { UpstreamError } from "./errors";
import { sendUpstream, type UpstreamRequest } from "./http";

// Inside Next.js, fetch is Next's patched fetch: a no-store fetch while Next prerenders a route
// throws its DynamicServerError, which tells Next the route is dynamic. That is not a network
// failure and must reach Next as it was thrown (not logged as "connection failed (network
// error): Dynamic server usage" during every build, nor retried).
const request: UpstreamRequest = {
  api: "commerce",
  baseUrl: "http://127.0.0.1:9",
  method: "GET",
  path: "/v2/catalog",
  route: "GET /v2/catalog",
  retry: "idempotent",
  priority: "catalog",
  policy: { maxAttempts: 3, baseDelayMs: 1 },
};

afterEach(() => vi.unstubAllGlobals());

describe("sendUpstream", () => {
  it("lets Next.js's dynamic-usage signal through unwrapped and unretried", async () => {
    const dynamicUsage = Object.assign(new Error("Dynamic server usage: Route / couldn't be rendered statically"), {
      digest: "DYNAMIC_SERVER_USAGE",
    });
    const fetch = vi.fn(async () => {
      throw dynamicUsage;
    });
    vi.stubGlobal("fetch", fetch);
    await expect(sendUpstream(request)).rejects.toBe(dynamicUsage);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("still turns a real network failure into a retryable upstream error, after its retries", async () => {
    const fetch = vi.fn(async () => {
      throw Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET" } });
    });
    vi.stubGlobal("fetch", fetch);
    const failure = await sendUpstream(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure).toMatchObject({ kind: "network", code: "ECONNRESET", retryable: true });
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

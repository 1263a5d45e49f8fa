import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../app";
import { emulatorControl } from "../control-client";

// Commerce v2 API-key authentication (spec section 5) and rate limits (section 8).

const key = (id: string, secret: string) => ({ Authorization: `Bearer ${id}:${secret}` });
const SHOP_TEST = key("test_shop00000000000000000001", "sk_shopsandbox000000000000000000001");
const SHOP_LIVE = key("live_shop00000000000000000001", "sk_shoplive000000000000000000000001");
const FREE = key("test_free00000000000000000001", "sk_freesandbox000000000000000000001");
const ENTERPRISE = key("live_entr00000000000000000001", "sk_entrlive000000000000000000000001");

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator(0, { controls: true });
});
afterAll(async () => emu.close());
beforeEach(async () => {
  await emulatorControl(emu.url).reset();
  // Start of a fresh rate window, so a window boundary cannot fall inside a test.
  const controls = emulatorControl(emu.url);
  const { now } = await controls.clock();
  await controls.advanceClock(60_000 - (Date.parse(now) % 60_000) + 100);
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${emu.url}/v2${path}`, { headers });

describe("§5 authentication", () => {
  it("§5 discovery 1: a call without credentials gets 401 with WWW-Authenticate: Bearer resource_metadata", async () => {
    const response = await get("/balance");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${emu.url}/.well-known/oauth-protected-resource/v2"`,
    );
    const body = await response.json();
    expect(body).toMatchObject({ success: false, data: null });
    expect(body.meta).toEqual({ request_id: expect.any(String), timestamp: expect.any(String) });
  });

  it("§5 API key: an unknown api_id is INVALID_API_KEY, a wrong secret INVALID_API_SECRET (upstream-notes codes, 401)", async () => {
    const unknown = await get("/balance", key("test_nobody000000000000000001", "sk_x"));
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).error.code).toBe("INVALID_API_KEY");
    const wrong = await get("/balance", key("test_shop00000000000000000001", "sk_wrong"));
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.code).toBe("INVALID_API_SECRET");
  });

  it("§5 API key: the prefix selects the environment (test_ sandbox, live_ production)", async () => {
    expect((await (await get("/balance", SHOP_TEST)).json()).data.environment).toBe("sandbox");
    expect((await (await get("/balance", SHOP_LIVE)).json()).data.environment).toBe("production");
  });

  it("§4 status and root need no auth", async () => {
    expect((await get("/status")).status).toBe(200);
    expect((await get("")).status).toBe(200);
  });
});

describe("§8 rate limits per tier", () => {
  it("§8 rate headers: X-RateLimit-Limit, -Remaining and -Reset on an authenticated answer", async () => {
    const response = await get("/balance", SHOP_TEST);
    expect(response.headers.get("x-ratelimit-limit")).toBe("500");
    expect(response.headers.get("x-ratelimit-remaining")).toBe("499");
    expect(Number(response.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000 - 5);
  });

  it("§8 free tier: 50 requests a minute, the 51st is 429 rate_limited and says when to retry", async () => {
    for (let i = 0; i < 50; i++) expect((await get("/balance", FREE)).status).toBe(200);
    const limited = await get("/balance", FREE);
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.code).toBe("rate_limited");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account is not affected.
    expect((await get("/balance", SHOP_TEST)).status).toBe(200);
  });

  it("§8 the window resets after a minute", async () => {
    for (let i = 0; i < 51; i++) await get("/balance", FREE);
    await emulatorControl(emu.url).advanceClock(60_000);
    expect((await get("/balance", FREE)).status).toBe(200);
  });

  it("§8 pro and enterprise tiers announce 500 and 5,000 a minute", async () => {
    expect((await get("/balance", SHOP_LIVE)).headers.get("x-ratelimit-limit")).toBe("500");
    expect((await get("/balance", ENTERPRISE)).headers.get("x-ratelimit-limit")).toBe("5000");
  });
});

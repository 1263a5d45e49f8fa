import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMEI, PRODUCTION, SANDBOX, startHarness, TOOL, type Harness } from "./harness";

// Envelope, authentication, HTTP errors and the rate limit (unlocking spec sections 2, 5, 7, 8).

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.controls.reset();
  await h.controls.setConfig({ unlockRateLimitStatus: 409 });
});

/** Moves the emulator clock to the start of a minute so a rate window cannot roll over mid-test. */
async function atStartOfMinute() {
  const { now } = await h.controls.clock();
  const ms = Date.parse(now);
  await h.advance(60_000 - (ms % 60_000) + 100);
}

describe("§2 envelope", () => {
  it("§2 envelope: a success carries code (200), status OK, empty info and res", async () => {
    const reply = await h.call("GET", "/brands");
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(["code", "info", "res", "status"]);
    expect(reply.body).toMatchObject({ code: 200, status: "OK", info: "" });
    expect(typeof reply.body.res).toBe("object");
    expect(reply.headers.get("content-type")).toContain("application/json");
  });

  it("§2 envelope: an API error carries code = HTTP status, status API_ERROR, the cause in info", async () => {
    const reply = await h.call("GET", "/networks/999999");
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ code: 404, status: "API_ERROR" });
    expect(reply.body.info).toMatch(/Country 999999 does not exist/);
  });

  it("§2 envelope: cancel replies omit code", async () => {
    const ticket = await h.order(IMEI.valid);
    const reply = await h.call("DELETE", `/cancel_order/${ticket}`);
    expect(reply.status).toBe(200);
    expect(reply.body).not.toHaveProperty("code");
    expect(reply.body).toEqual({ status: "OK", info: "", res: { [ticket]: { status: "canceled" } } });
  });

  it("§2 envelope: instructions replies omit code", async () => {
    const ticket = await h.order("123456789876543", TOOL.instant);
    const reply = await h.call("GET", `/retrieve_order_instructions/${ticket}`);
    expect(reply.status).toBe(200);
    expect(reply.body).not.toHaveProperty("code");
    expect(reply.body.status).toBe("OK");
  });

  it("§2 envelope: cancel and instructions errors omit code too", async () => {
    const cancel = await h.call("DELETE", "/cancel_order/1");
    expect(cancel.status).toBe(404);
    expect(cancel.body).not.toHaveProperty("code");
    expect(cancel.body.status).toBe("API_ERROR");
    const instructions = await h.call("GET", "/retrieve_order_instructions/1", { headers: {} });
    expect(instructions.status).toBe(401);
    expect(instructions.body).not.toHaveProperty("code");
  });
});

describe("§5 authentication", () => {
  it("§5 SVC_KEY / SVC_SECRET of the sandbox account are accepted", async () => {
    expect((await h.call("GET", "/countries", { account: SANDBOX })).body.status).toBe("OK");
  });

  it("§5 SVC_KEY / SVC_SECRET of the production account are accepted", async () => {
    expect((await h.call("GET", "/countries", { account: PRODUCTION })).body.status).toBe("OK");
  });

  it("§5 the live service's DSIM_KEY / DSIM_SECRET header names are accepted too (upstream-notes)", async () => {
    const reply = await h.call("GET", "/brands", {
      headers: { DSIM_KEY: PRODUCTION.svcKey, DSIM_SECRET: PRODUCTION.svcSecret },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe("OK");
  });

  it("§5/§7 no credentials: HTTP 401 WRONG_ACCESS", async () => {
    const reply = await h.call("GET", "/countries", { headers: {} });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: 401, status: "WRONG_ACCESS", res: {} });
    expect(reply.body.info).toMatch(/SVC_KEY/);
  });

  it("§5/§7 a wrong secret: HTTP 401 WRONG_ACCESS", async () => {
    const reply = await h.call("GET", "/countries", {
      headers: { SVC_KEY: SANDBOX.svcKey, SVC_SECRET: "not-the-secret" },
    });
    expect(reply.status).toBe(401);
    expect(reply.body.status).toBe("WRONG_ACCESS");
  });

  it("§5/§7 an unknown key: HTTP 401 WRONG_ACCESS", async () => {
    const reply = await h.call("POST", `/imeicheck/${IMEI.valid}`, {
      headers: { SVC_KEY: "nobody", SVC_SECRET: "nothing" },
    });
    expect(reply.status).toBe(401);
    expect(reply.body.status).toBe("WRONG_ACCESS");
  });

  it("§5 a key of one account with the secret of the other: HTTP 401 WRONG_ACCESS", async () => {
    const reply = await h.call("GET", "/brands", {
      headers: { SVC_KEY: SANDBOX.svcKey, SVC_SECRET: PRODUCTION.svcSecret },
    });
    expect(reply.status).toBe(401);
  });
});

describe("§7 HTTP status errors", () => {
  it.each([
    ["POST", "/countries", "GET"],
    ["DELETE", "/networks/826", "GET"],
    ["PUT", "/brands", "GET"],
    ["POST", "/devices/1", "GET"],
    ["POST", "/tools/1015/234030", "GET"],
    ["GET", `/create_order/1015/234030/${IMEI.valid}/1`, "POST"],
    ["POST", "/check_order_status/700001", "GET"],
    ["GET", "/update_order/700001", "POST"],
    ["GET", "/cancel_order/700001", "DELETE"],
    ["DELETE", "/retrieve_order_instructions/700001", "GET"],
    ["GET", `/imeicheck/${IMEI.valid}`, "POST"],
    ["GET", `/imeicheck/${IMEI.valid}/abc`, "POST"],
  ])("§7 405: %s %s is not supported; info names %s", async (method, path, allowed) => {
    const reply = await h.call(method, path);
    expect(reply.status).toBe(405);
    expect(reply.body.status).toBe("API_ERROR");
    expect(reply.body.info).toContain(`use ${allowed}`);
    expect(reply.headers.get("allow")).toBe(allowed);
  });

  it.each(["/nothing-here", "/", "/countries/extra", "/v1/countries", "/tools/1015", "/create_order/1015/234030"])(
    "§7 404: unknown path %s",
    async (path) => {
      const reply = await h.call("GET", path);
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ code: 404, status: "API_ERROR" });
    },
  );

  it.each([
    ["/networks/1", /Country 1 does not exist/],
    ["/devices/999", /Brand 999 does not exist/],
    ["/devices/1/2001", /Device 2001 does not exist for brand 1/],
    ["/tools/9999/234030", /Device 9999 does not exist/],
    ["/tools/1015/1", /Network 1 does not exist/],
    ["/check_order_status/123", /Ticket 123 does not exist/],
  ])("§7 404: a resource that does not exist (%s)", async (path, info) => {
    const reply = await h.call("GET", path);
    expect(reply.status).toBe(404);
    expect(reply.body.info).toMatch(info);
  });

  it("§7 400: a malformed id is a bad request naming the parameter", async () => {
    const reply = await h.call("GET", "/check_order_status/abc");
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 400, status: "API_ERROR" });
    expect(reply.body.info).toMatch(/ticket_id/);
  });
});

describe("§9 versioning", () => {
  it("§9 the interface lives at the root of the base URL, without a version segment", async () => {
    expect((await h.call("GET", "/countries")).status).toBe(200);
    expect((await h.call("GET", "/v1/countries")).status).toBe(404);
  });
});

describe("§8 rate limit", () => {
  /** 500 authenticated calls spread over several methods and endpoints. */
  async function spend(count: number) {
    const calls = [
      () => h.call("GET", "/brands"),
      () => h.call("POST", "/update_order/1"),
      () => h.call("DELETE", "/cancel_order/1"),
      () => h.call("POST", `/imeicheck/${IMEI.valid}`),
    ];
    for (let i = 0; i < count; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => calls[(i + j) % calls.length]!()));
    }
  }

  it("§8 500 requests per minute across all methods, then HTTP 409 TOO_MANY_REQUESTS with Retry-After and X-RateLimit-*", async () => {
    await atStartOfMinute();
    const first = await h.call("GET", "/brands");
    expect(first.headers.get("x-ratelimit-limit")).toBe("500");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("499");
    await spend(499);
    const over = await h.call("GET", "/countries");
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 409, status: "TOO_MANY_REQUESTS" });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(over.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(over.headers.get("x-ratelimit-reset"))).toBeGreaterThan(
      Date.parse((await h.controls.clock()).now) / 1000,
    );

    // Per account: the production account still has its own window.
    expect((await h.call("GET", "/brands", { account: PRODUCTION })).status).toBe(200);
    // A new minute on the emulator clock opens a new window.
    await h.advance(60_000);
    expect((await h.call("GET", "/countries")).status).toBe(200);
  });

  it("§8 the switch unlockRateLimitStatus = 429 answers HTTP 429 (the status table) instead of 409", async () => {
    await atStartOfMinute();
    await h.controls.setConfig({ unlockRateLimitStatus: 429 });
    await spend(500);
    const over = await h.call("POST", `/imeicheck/${IMEI.valid}`);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 429, status: "TOO_MANY_REQUESTS" });
    expect(over.headers.get("retry-after")).not.toBeNull();
  });
});

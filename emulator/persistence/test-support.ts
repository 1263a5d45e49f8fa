// Shared by the state file tests (not a test file itself): temporary state files, the real
// catalog's tokens, and small unlocking API calls.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { AUTH, call, type Json, v2 } from "../commerce/orders/test-support/harness";
import { UNLOCK_ACCOUNTS } from "../core/accounts";

export const GB_MOBILE = "+447400123456";
const toMinor = (money: string) => Math.round(Number(money) * 100);

/** A state file path in a fresh temporary folder (the file itself does not exist yet). */
export function tempStateFile() {
  const dir = mkdtempSync(join(tmpdir(), "emulator-state-"));
  return { file: join(dir, "emulator.db"), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A port that was free a moment ago (to start a child process on a known port). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Request bodies built from the real catalog, all products that end fulfilled. */
export async function realOrderBodies(base: string) {
  const api = v2(base);
  const operators = (await api.get("/topup/operators?country=gb", AUTH.shopLive)).body.data as Record<string, Json>;
  const o2 = Object.values(operators).find((o) => o.operator_name === "O2")!;
  const rates = ((await api.get(`/topup/operators/${o2.id_operator}/rates`, AUTH.shopLive)).body.data.rates as Json[])
    .filter((r) => r.service_type === "airtime")
    .sort((a, b) => toMinor(a.total_cost_eur) - toMinor(b.total_cost_eur));
  const plan = ((await api.get("/esim/products?country_iso=de", AUTH.shopLive)).body.data as Json[])[0]!;
  const brands = (await api.get("/giftcards/brands?country=gb&q=Amazon", AUTH.shopLive)).body.data as Json[];
  const amazon = brands.find((b) => b.brand_name === "Amazon")!;
  const cards = (await api.get(`/giftcards/brands/${amazon.id_operator}/products`, AUTH.shopLive)).body.data
    .rates as Json[];
  return {
    topup: { price_token: rates.at(-1)!.token as string, phone: GB_MOBILE },
    esim: { price_token: plan.price_token as string, catalog_id: plan.catalog_id as string },
    giftcard: { price_token: cards.at(-1)!.token as string },
  };
}

/** POST /v2/orders with the shop's live key; expects 201 and returns the data. */
export async function placeOrder(base: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await call(base, "POST", "/v2/orders", { auth: AUTH.shopLive, body, headers });
  expect(res.status, res.text).toBe(201);
  return res;
}

export const orderNumber = (orderId: string) => Number(orderId.replace(/^\D+/, ""));

// The unlocking API with the production account (the embedded shop's).
const LIVE = UNLOCK_ACCOUNTS.find((a) => a.environment === "production")!;
const unlockHeaders = { SVC_KEY: LIVE.svcKey, SVC_SECRET: LIVE.svcSecret };
/** The well-known pair (iPhone 13 on EE) and its PIN tool: ready 27.5 minutes after placement. */
export const PIN_TOOL = { deviceId: 1015, networkId: 234030, toolId: 6, imei: "490154203237518PIN1234ABCD" } as const;

export const unlock = (base: string) => ({
  createOrder: async (): Promise<number> => {
    const { deviceId, networkId, imei, toolId } = PIN_TOOL;
    const res = await fetch(`${base}/create_order/${deviceId}/${networkId}/${imei}/${toolId}`, {
      method: "POST",
      headers: unlockHeaders,
    });
    const body = (await res.json()) as Json;
    expect(body.status, body.info).toBe("OK");
    return body.res.id_ticket as number;
  },
  status: async (ticket: number): Promise<string | null> => {
    const res = await fetch(`${base}/check_order_status/${ticket}`, { headers: unlockHeaders });
    const body = (await res.json()) as Json;
    return body.status === "OK" ? (body.res[ticket].status as string) : null;
  },
});

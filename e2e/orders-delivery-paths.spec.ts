import { expect, test } from "@playwright/test";
import { ShopDb } from "./helpers/db";
import { EmulatorControls } from "./helpers/emulator";
import { serverOf, uniqueEmail } from "./helpers/server";
import { buyTopupUntilFulfilled } from "./helpers/topup";

// The webhook path alone (polling disabled) and the polling path alone
// (webhooks disabled) each bring the order to fulfilled. Runs in two projects
// (playwright.config.ts): "webhooks-only" against an app started with ORDER_POLLING=off, and
// "polling-only" against one started with COMMERCE_WEBHOOKS=off, each with its own emulator.

test("a paid top-up reaches fulfilled by one delivery path alone", async ({ page }, testInfo) => {
  const server = serverOf(testInfo);
  const path = testInfo.project.metadata.path as "webhook" | "polling";
  const emulator = new EmulatorControls(server.emulatorUrl);
  const email = uniqueEmail(`${path}-only`);

  await buyTopupUntilFulfilled(page, emulator, email);

  const db = new ShopDb(server.dataDir);
  try {
    const [order] = db.ordersByEmail(email);
    const upstreamOrderId = order!.upstreamOrderId!;
    const fulfilledBy = db
      .events(order!.id)
      .filter((e) => e.toStatus === "fulfilled")
      .map((e) => e.source);
    const statusReads = (await emulator.counters())[`GET /v2/orders/${upstreamOrderId}`] ?? 0;
    const deliveries = (await emulator.deliveries()).filter((d) => d.request.body.includes(`"${upstreamOrderId}"`));
    if (path === "webhook") {
      expect(fulfilledBy).toEqual(["webhook"]);
      expect(statusReads).toBe(0);
      expect(deliveries.some((d) => d.event_type === "order.fulfilled" && d.succeeded)).toBe(true);
    } else {
      expect(fulfilledBy).toEqual(["worker"]);
      expect(deliveries).toEqual([]);
      expect(db.receiptCount()).toBe(0);
    }
  } finally {
    db.close();
  }
});

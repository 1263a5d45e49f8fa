import Database from "better-sqlite3";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { ShopDb } from "./helpers/db";
import { EmulatorControls } from "./helpers/emulator";
import { sellTopupAtCounter } from "./helpers/pos";
import { serverOf, uniqueEmail } from "./helpers/server";
import { inBothThemes, signInAsStaff } from "./helpers/staff";

// A failed webhook receipt is replayed successfully.
//
// How the receipt fails, honestly: a SQLite trigger (an injected database-side fault) refuses
// to move THIS test's order to "fulfilled". The emulator's real, signed order.fulfilled
// delivery is then received, stored and answered 200, and its processing after the answer
// fails (the receipt is "failed"; the sender is not asked to retry, the shop's own sweep would
// retry it after a backoff). The test removes the trigger and, in the same transaction,
// schedules the order's next poll and the receipt's next sweep far ahead: so neither the
// poller nor the sweep can deliver the order first, and it is the staff member's replay that
// processes the event and fulfils the order.

function faultDb(dataDir: string): Database.Database {
  const db = new Database(join(dataDir, "shop.db"), { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

test("a failed webhook receipt is replayed successfully by staff", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  await signInAsStaff(page, server, "staff");
  const buyer = uniqueEmail("replay");
  const trigger = `e2e_block_fulfil_${Date.now()}`;

  const faults = faultDb(server.dataDir);
  const shop = new ShopDb(server.dataDir);
  try {
    faults.exec(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE ON "Order" WHEN NEW.customerEmail = '${buyer}' AND NEW.status = 'fulfilled' BEGIN SELECT RAISE(ABORT, 'e2e: fulfilment blocked by the test'); END;`,
    );
    await sellTopupAtCounter(page, buyer);
    const [order] = shop.ordersByEmail(buyer);
    await expect.poll(() => shop.order(order!.id).upstreamOrderId, { timeout: 15_000 }).not.toBeNull();
    const upstreamOrderId = shop.order(order!.id).upstreamOrderId!;

    // The emulator fulfils (3 s of its clock) and delivers order.fulfilled; processing fails.
    await emulator.advanceClock(5_000);
    const failedReceipt = () =>
      shop.receiptsWithBody(upstreamOrderId).find((r) => r.eventType === "order.fulfilled" && r.eventId);
    await expect.poll(() => failedReceipt()?.status, { timeout: 20_000 }).toBe("failed");
    const eventId = failedReceipt()!.eventId!;
    expect(shop.order(order!.id).status).toBe("placed");

    // Times are stored as the driver wrote them: epoch milliseconds or ISO text.
    const row = faults.prepare(`SELECT nextPollAt FROM "Order" WHERE id = ?`).get(order!.id) as { nextPollAt: unknown };
    const receipt = faults.prepare(`SELECT processedAt FROM "WebhookReceipt" WHERE eventId = ?`).get(eventId) as {
      processedAt: unknown;
    };
    const later = Date.now() + 60 * 60_000;
    const asStored = (sample: unknown) =>
      typeof sample === "number" ? later : new Date(later).toISOString().replace("Z", "+00:00");
    faults.transaction(() => {
      faults.exec(`DROP TRIGGER ${trigger}`);
      faults.prepare(`UPDATE "Order" SET nextPollAt = ? WHERE id = ?`).run(asStored(row.nextPollAt), order!.id);
      // processedAt is the receipt's last attempt: the sweep retries it a backoff after that.
      faults
        .prepare(`UPDATE "WebhookReceipt" SET processedAt = ? WHERE eventId = ?`)
        .run(asStored(receipt.processedAt), eventId);
    })();

    // The unfiltered log: on the "failed" filter the row would leave the list once it is processed.
    await page.goto("/admin/webhooks");
    const receiptRow = page.locator(`tr[data-event-id="${eventId}"]`);
    await expect(receiptRow).toContainText("failed");
    // The processing error is shown (here the database's refusal, as the driver reports it).
    await expect(receiptRow).toContainText("prisma.order.updateMany");
    await receiptRow.getByRole("button", { name: "Replay" }).click();
    await expect(receiptRow.getByRole("status")).toHaveText("Replayed: processed.");

    expect(shop.receiptsForEvent(eventId).map((r) => r.status)).toEqual(["processed"]);
    expect(shop.order(order!.id).status).toBe("fulfilled");
    const fulfilledBy = shop.events(order!.id).find((e) => e.toStatus === "fulfilled");
    expect(fulfilledBy?.source).toBe("webhook");
  } finally {
    faults.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
    faults.close();
    shop.close();
  }
});

test("an admin creates, edits and deletes a subscription; the secret is shown once; https only", async ({
  page,
}, testInfo) => {
  const server = serverOf(testInfo);
  await signInAsStaff(page, server, "admin");
  await page.goto("/admin/webhooks");
  const form = page.getByRole("form", { name: "New subscription" });

  await form.getByLabel("URL").fill("http://example.com/hooks");
  await form.getByRole("button", { name: "Create subscription" }).click();
  await expect(form.getByText("The URL must start with https://")).toBeVisible();

  const url = `https://example.com/hooks/${Date.now()}`;
  await form.getByLabel("URL").fill(url);
  await form.getByLabel("order.created").uncheck();
  await form.getByRole("button", { name: "Create subscription" }).click();
  const secret = page.getByTestId("webhook-secret");
  await expect(secret).toHaveText(/^whsec_/);
  const shown = (await secret.textContent())!;

  await page.reload();
  await expect(page.getByText(shown)).toHaveCount(0);
  const card = page.locator("[data-webhook-id]", { has: page.locator(`input[value="${url}"]`) });
  await expect(card).toContainText("secret stored (encrypted)");
  const id = await card.getAttribute("data-webhook-id");
  const shop = new ShopDb(server.dataDir);
  try {
    const sealed = shop.setting(`commerce.webhook.extra.${id}.secret`);
    expect(sealed?.encrypted).toBe(1);
    expect(sealed?.value).not.toContain(shown);
  } finally {
    shop.close();
  }

  await card.getByLabel("Status").selectOption("disabled");
  await card.getByRole("button", { name: "Save changes" }).click();
  await expect(card.getByText("Saved.")).toBeVisible();
  await page.reload();
  await expect(card).toContainText("disabled");

  await expectNoAxeViolations(page, "webhooks (admin)");
  page.once("dialog", (dialog) => void dialog.accept());
  await card.getByRole("button", { name: "Delete subscription" }).click();
  await expect(page.locator(`[data-webhook-id="${id}"]`)).toHaveCount(0);
});

test("the webhooks page has no accessibility violations in light and dark", async ({ page }, testInfo) => {
  await signInAsStaff(page, serverOf(testInfo), "admin");
  await inBothThemes(page, async (theme) => {
    await page.goto("/admin/webhooks");
    await expect(page.getByRole("heading", { name: "Receipts" })).toBeVisible();
    await expectNoAxeViolations(page, `webhooks ${theme}`);
  });
});

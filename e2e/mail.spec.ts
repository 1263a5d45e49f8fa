import { expect, test } from "@playwright/test";
import { ShopDb } from "./helpers/db";
import { EmulatorControls } from "./helpers/emulator";
import { expectMails, mailsTo } from "./helpers/mail";
import { serverOf, uniqueEmail } from "./helpers/server";
import { buyTopupUntilFulfilled, refFromUrl } from "./helpers/topup";

// A guest's receipt and delivery arrive by mail, through the real SMTP server the shop runs
// beside itself, and the receipt's link is the guest's way back to the order.

/** The statuses of the guest's order's mails in the shop's outbox. */
function outboxOf(dataDir: string, email: string): string[] {
  const db = new ShopDb(dataDir);
  try {
    const [order] = db.ordersByEmail(email);
    return order ? db.mailsOf(order.id).map((mail) => mail.status) : [];
  } finally {
    db.close();
  }
}

test("a guest who buys a top-up gets the receipt and the delivery by mail, each once; the mailed link opens the order", async ({
  page,
}, testInfo) => {
  const server = serverOf(testInfo);
  const email = uniqueEmail("mail-guest");
  await buyTopupUntilFulfilled(page, new EmulatorControls(server.emulatorUrl), email);
  const ref = refFromUrl(page.url());

  const [receipt, delivery] = await expectMails(server, email, [
    new RegExp(`^Your receipt for order ${ref}$`),
    new RegExp(`^Your order ${ref} is ready$`),
  ]);
  expect(receipt!.text).toContain("Total paid: €");
  const link = /href="([^"]+\/orders\/[^"]+)"/.exec(receipt!.html ?? "")?.[1];
  expect(link).toBeDefined();
  expect(new URL(link!).pathname).toBe(`/orders/${ref}`);
  expect(delivery!.text).toContain(`/orders/${ref}`);

  // Each mail once: the outbox holds both as sent, so no later round of the worker sends them
  // again (that a sent mail is never sent twice: lib/mail/delivery.int.test.ts).
  await expect.poll(() => outboxOf(server.dataDir, email), { timeout: 15_000 }).toEqual(["sent", "sent"]);
  expect((await mailsTo(server, email)).map((mail) => mail.subject).sort()).toEqual([
    `Your order ${ref} is ready`,
    `Your receipt for order ${ref}`,
  ]);

  // A new browser (the guest closed the tab) follows the mailed link back to the order.
  const context = await page.context().browser()!.newContext();
  try {
    const again = await context.newPage();
    await again.goto(new URL(new URL(link!).pathname, server.baseURL).toString());
    await expect(again.getByTestId("order-status")).toHaveAttribute("data-status", "fulfilled");
  } finally {
    await context.close();
  }
});

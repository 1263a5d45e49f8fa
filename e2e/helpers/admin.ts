import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { createDbClient, type DbClient } from "../../lib/db/create-client";
import type { ProductType } from "../../lib/db/generated/sqlite/enums";
import { createOrder } from "../../lib/orders/create";
import { transition } from "../../lib/orders/lifecycle";

// Staff dashboard specs. The first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD, which
// scripts/e2e-server.mjs sets for the e2e servers (the start script's bootstrap creates it).
export const ADMIN = { email: "admin@e2e.example.com", password: "e2e admin password" } as const;

/** Signs in on the staff sign-in page; ends on the dashboard (or `next`). */
export async function signInStaff(page: Page, email: string, password: string, next = "/admin"): Promise<void> {
  await page.goto(`/admin/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(
    new URL(next, page.url()).pathname === "/admin" ? /\/admin$/ : new RegExp(next.replace(/[?]/g, "\\?")),
  );
}

/** The e2e server's database, through the app's own Prisma client and order core. */
export function appDbFor(dataDir: string): DbClient {
  return createDbClient(`file:${join(process.cwd(), dataDir, "shop.db")}`);
}

const PRICE = {
  currency: "EUR",
  amountMinor: 1_000,
  serviceFeeMinor: 0,
  smsFeeMinor: 0,
  totalMinor: 1_000,
  costMinor: 800,
};

/** An order as the storefront creates it (awaiting payment), through the order core. */
export async function seedOrder(
  db: DbClient,
  input: { productType: ProductType; email: string; detail: Record<string, unknown> },
) {
  return createOrder(db, {
    productType: input.productType,
    submissionId: randomUUID(),
    customerEmail: input.email,
    detail: input.detail as never,
    pricing: PRICE,
  });
}

/**
 * An order the buyer has paid (a succeeded sandbox payment, then `awaiting_payment → paid`
 * through the lifecycle, due now): the app's own worker then places it with the emulator.
 */
export async function seedPaidOrder(
  db: DbClient,
  input: { productType: ProductType; email: string; detail: Record<string, unknown> },
) {
  const order = await seedOrder(db, input);
  const now = new Date();
  await db.payment.create({
    data: {
      id: `pay_e2e_${randomUUID().replace(/-/g, "")}`,
      orderId: order.id,
      provider: "sandbox",
      providerRef: `sandbox:e2e:${order.id}`,
      status: "succeeded",
      amount: order.retailAmount,
      currency: order.currency,
    },
  });
  const paid = await transition(db, {
    orderId: order.id,
    from: "awaiting_payment",
    to: "paid",
    source: "buyer",
    type: "payment",
    message: "Paid (sandbox, e2e seed)",
    patch: { paidAt: now, nextPollAt: now },
  });
  if (!paid) throw new Error("seeded order could not be marked paid");
  return paid;
}

/** Unlocking sandbox IMEIs and an iPhone 13 / EE UK pair (emulator/unlock/README.md). */
export const UNLOCK = {
  imeiAvailableLater: "490154203237518",
  deviceId: 1015,
  networkId: 234030,
  toolDays: 1,
} as const;

import "server-only";
import type { DbClient } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { asObject } from "@/lib/orders/detail";
import { openFulfillment, SECRET_FULFILLMENT_FIELDS } from "@/lib/orders/sealed-fulfillment";
import { PRODUCT_MODULES } from "@/lib/products/registry";

/** Everything the staff order page shows, read in one go. */
export async function loadOrderForStaff(db: DbClient, ref: string) {
  const found = await db.order.findUnique({
    where: { ref },
    include: {
      events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
      payments: { orderBy: { createdAt: "asc" } },
      user: { select: { id: true, email: true, name: true, role: true } },
      upstreamConnection: { select: { api: true, environment: true, account: true, baseUrl: true } },
    },
  });
  if (!found) return null;
  // Delivered secrets (codes, activation strings, instructions) are not on the page: staff see
  // which exist and reveal them on request, audited (revealOrderSecrets in ./staff-actions.ts).
  const opened = openFulfillment(found.fulfillment);
  const secretFields = SECRET_FULFILLMENT_FIELDS.filter(
    (field) => opened[field] !== undefined && opened[field] !== null && opened[field] !== "",
  );
  const shown = Object.fromEntries(
    Object.entries(opened).filter(([key]) => !(SECRET_FULFILLMENT_FIELDS as readonly string[]).includes(key)),
  );
  const order = { ...found, fulfillment: shown as Prisma.JsonValue };
  // The product's few lines of the delivered result (an IMEI check's), in place of its raw fields.
  const fulfillmentSummary = PRODUCT_MODULES[order.productType].staff.summary?.(shown) ?? null;
  // Verified commerce receipts carry the upstream order they are about in their own indexed
  // column (never a scan of every raw body); rejected ones name no order the shop can trust.
  const receipts = order.upstreamOrderId
    ? await db.webhookReceipt.findMany({
        // Only the order's own connection: another account may use the same id.
        where: {
          provider: "commerce",
          connectionId: order.upstreamConnectionId,
          upstreamOrderId: order.upstreamOrderId,
        },
        orderBy: { receivedAt: "asc" },
        select: {
          id: true,
          eventId: true,
          eventType: true,
          verified: true,
          verifyError: true,
          status: true,
          error: true,
          attempts: true,
          receivedAt: true,
          processedAt: true,
        },
        take: 100,
      })
    : [];
  const mails = await db.mailOutbox.findMany({
    where: { orderId: order.id },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      to: true,
      subject: true,
      kind: true,
      sealed: true,
      status: true,
      attempts: true,
      nextAttemptAt: true,
      transport: true,
      sentAt: true,
      error: true,
      createdAt: true,
    },
  });
  // Staff who acted on the order, by email rather than id.
  const actorIds = [...new Set(order.events.map((e) => e.actor).filter((a): a is string => !!a))];
  const staff = actorIds.length
    ? await db.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, email: true } })
    : [];
  const actorEmail = new Map(staff.map((s) => [s.id, s.email]));
  const upstreamHistory = order.events
    .map((e) => ({ at: e.createdAt, status: asObject(e.data).upstreamStatus, source: e.source }))
    .filter((h): h is { at: Date; status: string; source: typeof h.source } => typeof h.status === "string");
  return { order, secretFields, fulfillmentSummary, receipts, mails, actorEmail, upstreamHistory };
}

export type StaffOrderView = NonNullable<Awaited<ReturnType<typeof loadOrderForStaff>>>;

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { placeOrder } from "@/lib/orders/placement";
import { IMEI, POOR_LIVE_KEY, startOrderTestbed, type OrderTestbed } from "@/testing/orders";
import { stubAppEnv } from "@/testing/app-env";
import { openMailText } from "@/lib/mail/seal";
import { transition } from "@/lib/orders/lifecycle";
import { sealFulfillment } from "@/lib/orders/sealed-fulfillment";

// The staff order actions against a real database and the in-process emulator, through the
// app's own clients (pointed at the emulator): retry a parked order, refresh, refuse what
// does not apply, and audit what was done.

let tb: OrderTestbed;
let actions: typeof import("./staff-actions");
let staff: { id: string; email: string };

beforeAll(async () => {
  tb = await startOrderTestbed();
  stubAppEnv({ databaseUrl: tb.url, emulatorUrl: tb.emulatorUrl });
  actions = await import("./staff-actions");
  staff = await tb.db.user.create({
    data: { email: `staff-${Date.now()}@shop.test`, role: "staff" },
    select: { id: true, email: true },
  });
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await tb?.close();
});

describe("staff order actions", () => {
  it("retry places a parked needs_attention order once, then refresh reads it; both audited", async () => {
    const [, , working] = await tb.eeAirtime();
    const order = await tb.paidTopup(working!.token);
    const poor = { ...tb.clients, commerce: tb.commerceWith(POOR_LIVE_KEY) };
    const parked = await placeOrder(tb.db, order.id, {
      source: "buyer",
      clients: poor,
    });
    expect(parked).toMatchObject({ status: "needs_attention", upstreamOrderId: null });

    // Refresh has nothing to read yet.
    expect(await actions.refreshFromUpstream(tb.db, order.id, staff)).toMatchObject({ ok: false, code: "NOT_PLACED" });

    const retried = await actions.retryPlacement(tb.db, order.id, staff);
    expect(retried).toMatchObject({ ok: true });
    const placed = await tb.reload(order.id);
    expect(placed.upstreamOrderId).toBeTruthy();
    expect(["placed", "fulfilled"]).toContain(placed.status);
    expect(await tb.commerceDebits(placed.upstreamOrderId)).toHaveLength(1);
    // A second retry is refused: the supplier has the order.
    expect(await actions.retryPlacement(tb.db, order.id, staff)).toMatchObject({ ok: false });
    expect(await tb.commerceDebits(placed.upstreamOrderId)).toHaveLength(1);

    expect(await actions.refreshFromUpstream(tb.db, order.id, staff)).toMatchObject({ ok: true });
    const audit = await tb.db.auditLog.findMany({ where: { targetId: order.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["order.retry_placement", "order.refresh"]);
    expect(audit[0]).toMatchObject({
      actorId: staff.id,
      actorEmail: staff.email,
      before: { status: "needs_attention" },
    });
    const staffEvents = await tb.db.orderEvent.findMany({ where: { orderId: order.id, source: "staff" } });
    expect(staffEvents.some((e) => e.actor === staff.id && e.toStatus === "placing")).toBe(true);
  });

  it("retry places an IMEI check a crash left unclear, once staff found no charge at the supplier", async () => {
    // A kill -9 while the check was being sent parks it, as lib/orders/unlock.int.test.ts shows
    // (the unlocking API cannot look it up); staff's "Retry placement" must then place it, not
    // park it again.
    const order = await tb.paidOrder("imeicheck", { imei: IMEI.reported });
    const sent = { state: "sending", sentAt: new Date().toISOString(), attempts: 1 };
    await tb.db.order.update({
      where: { id: order.id },
      data: { status: "placing", detail: { ...(order.detail as object), placement: sent } },
    });
    await transition(tb.db, {
      orderId: order.id,
      from: "placing",
      to: "needs_attention",
      source: "worker",
      message: "parked",
      patch: { detail: { ...(order.detail as object), placement: { ...sent, parked: "unknown_outcome" } } },
    });
    const imeiDebits = async () =>
      (await tb.ledger()).filter(
        (e) => e.api === "unlock" && e.kind === "debit" && e.reference === `imeicheck:${IMEI.reported}`,
      ).length;
    const before = await imeiDebits();

    expect(await actions.retryPlacement(tb.db, order.id, staff)).toMatchObject({ ok: true });
    expect(await tb.reload(order.id)).toMatchObject({ status: "fulfilled", upstreamStatus: "report" });
    expect(await imeiDebits()).toBe(before + 1);
    const events = await tb.db.orderEvent.findMany({ where: { orderId: order.id, source: "staff" } });
    expect(events.map((e) => `${e.fromStatus}→${e.toStatus}`)).toEqual([
      "needs_attention→placing",
      "placing→fulfilled",
    ]);
  });

  it("refuses a refund without a payment and an unknown order, without audit entries", async () => {
    expect(await actions.markRefunded(tb.db, "no-such-order", staff, "test")).toMatchObject({
      ok: false,
      code: "ORDER_NOT_FOUND",
    });
    const before = await tb.db.auditLog.count();
    const order = await tb.paidOrder("imeicheck", { imei: "490154203237518" });
    await tb.db.payment.deleteMany({ where: { orderId: order.id } });
    expect(await actions.markRefunded(tb.db, order.id, staff, "test")).toMatchObject({ ok: false, code: "NO_PAYMENT" });
    expect(await actions.refreshFromUpstream(tb.db, order.id, staff)).toMatchObject({ ok: false });
    expect(await tb.db.auditLog.count()).toBe(before);
  });

  it("send one of the order's mails again, as it was: never another order's mail nor one that carried a link; audited", async () => {
    const order = await tb.paidOrder("imeicheck", { imei: "490154203237518" });
    const [receipt, ...none] = await tb.db.mailOutbox.findMany({ where: { orderId: order.id } });
    expect(none).toHaveLength(0);
    expect(receipt).toMatchObject({ kind: "receipt", to: "buyer@example.com" });

    expect(await actions.resendOrderMail(tb.db, order.id, receipt!.id, staff)).toMatchObject({ ok: true });
    const mails = await tb.db.mailOutbox.findMany({ where: { orderId: order.id }, orderBy: { createdAt: "asc" } });
    expect(mails).toHaveLength(2);
    // No mail server in this test's environment: the copy is kept for staff, as the first was.
    expect(mails[1]).toMatchObject({
      subject: receipt!.subject,
      body: receipt!.body,
      html: receipt!.html,
      to: receipt!.to,
      status: "sent",
    });

    const other = await tb.paidOrder("imeicheck", { imei: "490154203237518" });
    expect(await actions.resendOrderMail(tb.db, other.id, receipt!.id, staff)).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
    });
    const sealed = await tb.db.mailOutbox.create({
      data: {
        to: "buyer@example.com",
        subject: "A link",
        body: "v1.x.y.z",
        kind: "test",
        orderId: order.id,
        sealed: true,
      },
    });
    expect(await actions.resendOrderMail(tb.db, order.id, sealed.id, staff)).toMatchObject({
      ok: false,
      code: "SEALED",
    });
    expect(await tb.db.mailOutbox.count({ where: { orderId: order.id } })).toBe(3);

    const audit = await tb.db.auditLog.findMany({ where: { targetId: order.id, action: "order.resend_mail" } });
    expect(audit).toHaveLength(1);
    expect(await tb.db.orderEvent.count({ where: { orderId: order.id, type: "mail_resent" } })).toBe(1);
  });

  it("a delivery mail that carried codes is written again from the order, sealed, when staff send it again", async () => {
    const order = await tb.paidOrder("unlock", { unlock: { imei: "490154203237518" } });
    await transition(tb.db, { orderId: order.id, from: "paid", to: "placing", source: "worker" });
    await transition(tb.db, {
      orderId: order.id,
      from: "placing",
      to: "fulfilled",
      source: "worker",
      patch: { fulfillment: sealFulfillment({ instructions: "Unlock code: 99887766" }) },
    });
    const delivery = await tb.db.mailOutbox.findFirstOrThrow({ where: { orderId: order.id, kind: "delivery" } });
    expect(delivery.sealed).toBe(true);

    expect(await actions.resendOrderMail(tb.db, order.id, delivery.id, staff)).toMatchObject({ ok: true });
    const deliveries = await tb.db.mailOutbox.findMany({
      where: { orderId: order.id, kind: "delivery" },
      orderBy: { createdAt: "asc" },
    });
    expect(deliveries).toHaveLength(2);
    expect(deliveries[1]).toMatchObject({ sealed: true, to: "buyer@example.com", subject: delivery.subject });
    expect(deliveries[1]!.body).not.toContain("99887766");
    expect(openMailText(deliveries[1]!, deliveries[1]!.body)).toContain("Unlock code: 99887766");

    // Staff see the delivered instructions only on request, and the reveal is audited (without the secret).
    expect(await actions.revealOrderSecrets(tb.db, order.id, staff)).toEqual({
      ok: true,
      secrets: [["instructions", "Unlock code: 99887766"]],
    });
    const audit = await tb.db.auditLog.findFirstOrThrow({
      where: { action: "order.reveal_secrets", targetId: order.id },
    });
    expect(audit).toMatchObject({ actorId: staff.id });
    expect(JSON.stringify(audit)).not.toContain("99887766");
    const plain = await tb.paidOrder("imeicheck", { imei: "490154203237518" });
    expect(await actions.revealOrderSecrets(tb.db, plain.id, staff)).toMatchObject({
      ok: false,
      code: "NOTHING_DELIVERED",
    });
  });
});

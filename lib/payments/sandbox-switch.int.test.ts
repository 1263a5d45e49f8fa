import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { stubAppEnv } from "@/testing/app-env";
import { startCheckoutWith } from "./checkout";
import { sandboxProvider } from "./sandbox";
import { orderAwaitingPayment, placementRecorder } from "./testing";
import type { PaymentProvider } from "./types";

// A test checkout opened while the shop ran with PAYMENT_PROVIDER=sandbox must not pay once the
// shop runs with Stripe (docs/security.md, finding 10): one click on its Pay button would mark the
// order paid (no money moved) and send it to the supplier. Here the shop is started with Stripe
// (the app's own env and payments module) and the buyer presses Pay on an old test checkout:
// refused, nothing paid, and the buyer's next attempt is a Stripe checkout.

let t: TestDatabase;
let payments: typeof import("@/lib/payments");

beforeAll(async () => {
  t = await createTestDatabase();
  stubAppEnv({ databaseUrl: t.url, emulatorUrl: "http://127.0.0.1:9" });
  vi.stubEnv("PAYMENT_PROVIDER", "stripe");
  vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_sandbox_switch");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "whsec_sandbox_switch");
  payments = await import("@/lib/payments");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await t.cleanup();
});

/** Stands in for Stripe's API: opens a Checkout Session without the network. */
const stripeLike: PaymentProvider = {
  id: "stripe",
  minimumLifetimeMs: 0,
  openCheckout: async ({ payment }) => ({
    providerRef: `cs_test_${payment.id}`,
    redirectUrl: `https://checkout.stripe.test/${payment.id}`,
  }),
  resumeCheckout: async (payment) => `https://checkout.stripe.test/${payment.id}`,
  refund: async () => {},
};

describe("a sandbox test checkout after the shop switched to Stripe", () => {
  it("cannot pay the order: refused, the order still awaits payment, nothing is placed", async () => {
    const order = await orderAwaitingPayment(t.db);
    // Opened while the shop still ran with the sandbox.
    const start = await startCheckoutWith(t.db, order.id, { provider: sandboxProvider, lifetimeMs: 30 * 60_000 });
    expect(start.redirectUrl).toBe(`/pay/${start.paymentId}`);

    expect(payments.currentPaymentProviderId()).toBe("stripe");
    const recorder = placementRecorder();
    const result = await payments.paySandboxPayment(t.db, start.paymentId!, {
      source: "buyer",
      afterPaid: recorder.afterPaid,
    });
    expect(result).toEqual({ outcome: "provider_changed" });

    expect((await t.db.payment.findUniqueOrThrow({ where: { id: start.paymentId! } })).status).toBe("pending");
    const after = await t.db.order.findUniqueOrThrow({ where: { id: order.id }, include: { events: true } });
    expect(after.status).toBe("awaiting_payment");
    expect(after.paidAt).toBeNull();
    expect(after.events.some((e) => e.toStatus === "paid")).toBe(false);
    expect(recorder.calls).toEqual([]);
    // The pay page offers the current way to pay instead of the test card.
    expect(payments.sandboxCheckoutUsable("sandbox", payments.currentPaymentProviderId())).toBe(false);
    expect(payments.sandboxCheckoutUsable("sandbox", "sandbox")).toBe(true);
  });

  it("the buyer's next attempt opens a Stripe checkout, never the old test checkout again", async () => {
    const order = await orderAwaitingPayment(t.db);
    const old = await startCheckoutWith(t.db, order.id, { provider: sandboxProvider, lifetimeMs: 30 * 60_000 });
    const next = await startCheckoutWith(t.db, order.id, { provider: stripeLike, lifetimeMs: 30 * 60_000 });
    expect(next.paymentId).not.toBe(old.paymentId);
    expect(next.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: next.paymentId! } })).provider).toBe("stripe");
  });

  it("with the shop still on the sandbox, the test checkout pays as before", async () => {
    const { paySandboxCheckout } = await import("./sandbox-checkout");
    const order = await orderAwaitingPayment(t.db);
    const start = await startCheckoutWith(t.db, order.id, { provider: sandboxProvider, lifetimeMs: 30 * 60_000 });
    const recorder = placementRecorder();
    const result = await paySandboxCheckout(t.db, start.paymentId!, {
      source: "buyer",
      afterPaid: recorder.afterPaid,
      currentProvider: "sandbox",
    });
    expect(result).toMatchObject({ outcome: "paid" });
    expect(recorder.calls).toEqual([order.id]);
    // A Stripe payment is never paid through the test checkout.
    const stripeOrder = await orderAwaitingPayment(t.db);
    const stripe = await startCheckoutWith(t.db, stripeOrder.id, { provider: stripeLike, lifetimeMs: 30 * 60_000 });
    expect(await paySandboxCheckout(t.db, stripe.paymentId!, { source: "buyer", currentProvider: "sandbox" })).toEqual({
      outcome: "not_payable",
      status: "not_found",
    });
  });
});

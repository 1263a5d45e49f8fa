import type Stripe from "stripe";
import { productName } from "@/lib/products/product-name";
import type { PaymentProvider } from "../types";

// Stripe Checkout: the buyer pays on Stripe's hosted page; the shop learns the result from
// Stripe's signed webhook (webhook.ts), never from the redirect back (a buyer could fake it).
// Every call carries an idempotency key derived from the payment, so a retried call never
// opens a second session or sends a second refund.

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes after creation. */
const STRIPE_MINIMUM_LIFETIME_MS = 31 * 60_000;

export function createStripeProvider(stripe: Stripe, options: { appUrl: string }): PaymentProvider {
  const appUrl = options.appUrl.replace(/\/+$/, "");
  return {
    id: "stripe",
    minimumLifetimeMs: STRIPE_MINIMUM_LIFETIME_MS,
    async openCheckout({ order, payment }) {
      const metadata = { orderId: order.id, paymentId: payment.id };
      const orderPage = `${appUrl}/orders/${order.ref}`;
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              // Stripe counts in the currency's smallest unit, as the shop does.
              price_data: {
                currency: payment.currency.toLowerCase(),
                unit_amount: payment.amount,
                product_data: { name: productName(order.productType) },
              },
            },
          ],
          customer_email: order.customerEmail,
          client_reference_id: order.id,
          metadata,
          payment_intent_data: { metadata },
          success_url: `${orderPage}?payment=done`,
          cancel_url: `${orderPage}?payment=cancelled`,
          ...(payment.expiresAt ? { expires_at: Math.floor(payment.expiresAt.getTime() / 1000) } : {}),
        },
        { idempotencyKey: `checkout-${payment.id}` },
      );
      if (!session.url) throw new Error(`Stripe answered Checkout Session ${session.id} without a url`);
      return { providerRef: session.id, redirectUrl: session.url };
    },
    async resumeCheckout(payment) {
      if (!payment.providerRef) return null;
      const session = await stripe.checkout.sessions.retrieve(payment.providerRef);
      return session.status === "open" ? session.url : null;
    },
    async refund(payment, { reason }) {
      if (!payment.providerRef) throw new Error(`Stripe payment ${payment.id} has no Checkout Session to refund`);
      const session = await stripe.checkout.sessions.retrieve(payment.providerRef);
      const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`Checkout Session ${session.id} has no payment to refund`);
      await stripe.refunds.create(
        { payment_intent: intent, metadata: { paymentId: payment.id, reason: reason.slice(0, 500) } },
        { idempotencyKey: `refund-${payment.id}` },
      );
    },
  };
}

import { randomBytes, randomUUID } from "node:crypto";

/**
 * The order page's reference: 144 random bits, base64url (24 characters). Whoever holds the
 * link may see the order, so it must not be guessable or derived from anything.
 */
export function newOrderRef(): string {
  return randomBytes(18).toString("base64url");
}

/** Local order id, chosen before the insert so the idempotency key can be derived from it. */
export function newOrderId(): string {
  return randomUUID();
}

/** Sent as `Idempotency-Key` on create: one local order, at most one upstream order. */
export function idempotencyKeyFor(orderId: string): string {
  return `order-${orderId}`;
}

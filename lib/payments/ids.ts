import { randomBytes } from "node:crypto";
import { z } from "zod";

// Payment ids are capability links for the sandbox checkout (/pay/{id}), like an order's
// reference: 144 random bits, not Prisma's default cuid (time- and counter-based).

export function newPaymentId(): string {
  return `pay_${randomBytes(18).toString("base64url")}`;
}

export const paymentIdSchema = z.string().regex(/^pay_[A-Za-z0-9_-]{24}$/, "not a payment id");

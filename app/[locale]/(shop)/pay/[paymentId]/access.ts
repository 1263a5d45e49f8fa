import "server-only";
import { getCurrentUser, type CurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { canViewOrder } from "@/lib/orders/access";
import { paymentIdSchema } from "@/lib/payments/ids";

// Who may see and use a test checkout: whoever may see its order. A guest order is open to
// whoever holds its links (the payment id is as unguessable as the order's reference and only
// reaches the buyer from the order itself); an order placed while signed in only to that
// account. Anything else is "not found", so a guessed id reveals nothing.

export type SandboxAccess =
  | { kind: "ok"; user: CurrentUser | null; payment: NonNullable<Awaited<ReturnType<typeof findPayment>>> }
  | { kind: "sign_in" }
  | { kind: "not_found" };

function findPayment(id: string) {
  return db.payment.findUnique({
    where: { id },
    include: {
      order: {
        select: {
          id: true,
          ref: true,
          userId: true,
          placedAsGuest: true,
          status: true,
          productType: true,
          currency: true,
          retailAmount: true,
          pricing: true,
          detail: true,
        },
      },
    },
  });
}

export async function loadSandboxPayment(paymentId: unknown): Promise<SandboxAccess> {
  const id = paymentIdSchema.safeParse(paymentId);
  if (!id.success) return { kind: "not_found" };
  const payment = await findPayment(id.data);
  if (!payment || payment.provider !== "sandbox") return { kind: "not_found" };
  const user = await getCurrentUser();
  if (payment.order.userId && !user) return { kind: "sign_in" };
  if (!canViewOrder(payment.order, user?.id)) return { kind: "not_found" };
  return { kind: "ok", user, payment };
}

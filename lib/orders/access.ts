import type { DbClient } from "@/lib/db/create-client";
import type { Order } from "@/lib/db/generated/sqlite/client";
import { z } from "zod";

// Who may see an order (DESIGN.md "Rules for all code": customers see only their own orders,
// or one order through its unguessable link; docs/accounts.md "Who sees an order"). Shared by
// every page, action and route that opens an order, so all answer the same thing:
// - an order placed as a guest: whoever holds its link, for good, also after it joined an
//   account (the account adds access, never removes it);
// - an order placed while signed in: that account only.
// Everything else is "not found", never "forbidden", so a guessed or leaked reference does not
// even reveal that the order exists.

/** Order references are URL-safe random strings; anything else is refused before the database. */
export const orderRefSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "not an order reference");

/** What the rule reads of an order: every caller's select names both. */
export type OrderAccessFields = Pick<Order, "userId" | "placedAsGuest">;

export function canViewOrder(order: OrderAccessFields, viewerId: string | null | undefined): boolean {
  return order.userId === null || order.placedAsGuest || order.userId === viewerId;
}

/** The order behind `ref` if this viewer may see it, else null (unknown and foreign alike). */
export async function findViewableOrder<T extends OrderAccessFields>(
  find: (ref: string) => Promise<T | null>,
  ref: string,
  viewerId: string | null | undefined,
): Promise<T | null> {
  const parsed = orderRefSchema.safeParse(ref);
  if (!parsed.success) return null;
  const order = await find(parsed.data);
  return order && canViewOrder(order, viewerId) ? order : null;
}

/** The fields the status route answers with; reads only the database. */
export async function findOrderStatus(db: DbClient, ref: string, viewerId: string | null | undefined) {
  return findViewableOrder(
    (r) =>
      db.order.findUnique({
        where: { ref: r },
        select: {
          userId: true,
          placedAsGuest: true,
          status: true,
          updatedAt: true,
          refundTask: { select: { status: true } },
        },
      }),
    ref,
    viewerId,
  );
}

import { NextResponse } from "next/server";
import { getCurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { findOrderStatus, orderRefSchema } from "@/lib/orders/access";
import { FINAL_STATUSES } from "@/lib/orders/lifecycle";
import { ORDER_STATUS_DISPLAY } from "@/lib/orders/presentation";
import { settledForBuyer } from "@/lib/orders/refund-due";

export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store" };

function problem(status: number, code: string, message: string) {
  return NextResponse.json({ error: { code, message } }, { status, headers: NO_STORE });
}

/**
 * The order page polls this every few seconds while the order is moving. It reads the
 * database only (docs/orders.md "Status route": never an upstream call per poll)
 * and applies the order page's access rule: someone else's order is simply not found.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ ref: string }> }) {
  const { ref } = await params;
  if (!orderRefSchema.safeParse(ref).success)
    return problem(400, "INVALID_ORDER_REF", "That is not an order reference.");
  const user = await getCurrentUser();
  const order = await findOrderStatus(db, ref, user?.id);
  if (!order) return problem(404, "ORDER_NOT_FOUND", "There is no order with that reference.");
  const display = ORDER_STATUS_DISPLAY[order.status];
  return NextResponse.json(
    {
      status: order.status,
      label: display.label,
      explanation: display.explanation,
      updatedAt: order.updatedAt.toISOString(),
      final: settledForBuyer(order, FINAL_STATUSES),
    },
    { headers: NO_STORE },
  );
}

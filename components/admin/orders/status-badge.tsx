import { Badge } from "@/components/ui/badge";
import type { OrderStatus } from "@/lib/db/generated/sqlite/enums";
import { ORDER_STATUS_DISPLAY } from "@/lib/orders/presentation";

/** Staff see the lifecycle status by its own name (the buyer's label differs for some). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={ORDER_STATUS_DISPLAY[status].tone}>{status.replace("_", " ")}</Badge>;
}

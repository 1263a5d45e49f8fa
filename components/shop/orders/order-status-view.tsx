import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { OrderStatus } from "@/lib/db/generated/sqlite/enums";
import { ORDER_STATUS_DISPLAY } from "@/lib/orders/presentation";

export type OrderStatusSnapshot = {
  status: OrderStatus;
  label: string;
  explanation: string;
  updatedAt: string;
  final: boolean;
};

/**
 * The order's status badge and explanation, server rendered; `children` after it (the poller
 * that keeps the page live while the order moves: order-status-poller.tsx).
 */
export function OrderStatusView({ snapshot, children }: { snapshot: OrderStatusSnapshot; children?: ReactNode }) {
  const t = useTranslations("Order");
  const display = ORDER_STATUS_DISPLAY[snapshot.status];
  return (
    <div className="flex flex-col gap-2" data-testid="order-status" data-status={snapshot.status}>
      <div aria-live="polite" aria-atomic="true" className="flex flex-col gap-2">
        <p className="flex flex-wrap items-center gap-3">
          <span className="sr-only">{t("statusPrefix")}</span>
          <Badge tone={display.tone} className="px-3 py-1 text-sm">
            {snapshot.label}
          </Badge>
        </p>
        <p className="text-sm text-muted">{snapshot.explanation}</p>
      </div>
      {children}
    </div>
  );
}

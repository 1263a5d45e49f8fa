"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { Badge } from "@/components/ui/badge";
import type { OrderStatus } from "@/lib/db/generated/sqlite/enums";
import { ORDER_STATUS_DISPLAY } from "@/lib/orders/presentation";

export type OrderStatusSnapshot = { status: OrderStatus; label: string; explanation: string; updatedAt: string; final: boolean };

/** How often the page asks while the order is moving; slower once staff have it. */
const POLL_MS = 2_500;
const SLOW_POLL_MS = 15_000;

async function fetchStatus(ref: string): Promise<OrderStatusSnapshot> {
  const response = await fetch(`/api/orders/${encodeURIComponent(ref)}/status`, { cache: "no-store" });
  if (!response.ok) throw new Error(`status ${response.status}`);
  return response.json();
}

/**
 * The order's status badge and explanation, kept live: polls the database-only status route
 * until the order is final, and refreshes the server-rendered page when the status changes
 * (timeline, fulfillment details and payment state come from the server).
 */
export function OrderLiveStatus({ orderRef, initial }: { orderRef: string; initial: OrderStatusSnapshot }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { data, isError } = useQuery({
    queryKey: ["order-status", orderRef],
    queryFn: () => fetchStatus(orderRef),
    initialData: initial,
    // The server has just rendered `initial`: no request on mount, and none at all for a final
    // order (its page stays eligible for the back/forward cache; a later staff change shows on reload).
    staleTime: (query) => (query.state.data?.final ? Infinity : POLL_MS),
    refetchOnWindowFocus: (query) => !query.state.data?.final,
    refetchInterval: (query) => {
      const current = query.state.data;
      if (!current || current.final) return false;
      return current.status === "needs_attention" ? SLOW_POLL_MS : POLL_MS;
    },
  });

  // The server rendered `initial`; when the polled status moves on, re-render the page.
  const shownStatus = useRef(initial.status);

  // A newer server rendering (after the buyer's own action, e.g. a cancel) wins over the last
  // poll at once: the badge follows the page without waiting for the next poll.
  useEffect(() => {
    const cached = queryClient.getQueryData<OrderStatusSnapshot>(["order-status", orderRef]);
    if (!cached || Date.parse(initial.updatedAt) > Date.parse(cached.updatedAt)) {
      shownStatus.current = initial.status;
      queryClient.setQueryData(["order-status", orderRef], initial);
    }
  }, [initial, orderRef, queryClient]);
  useEffect(() => {
    if (data.status !== shownStatus.current) {
      shownStatus.current = data.status;
      router.refresh();
    }
  }, [data.status, router]);

  const display = ORDER_STATUS_DISPLAY[data.status];
  return (
    <div className="flex flex-col gap-2" data-testid="order-status" data-status={data.status}>
      <div aria-live="polite" aria-atomic="true" className="flex flex-col gap-2">
        <p className="flex flex-wrap items-center gap-3">
          <span className="sr-only">Order status:</span>
          <Badge tone={display.tone} className="px-3 py-1 text-sm">
            {data.label}
          </Badge>
        </p>
        <p className="text-sm text-muted">{data.explanation}</p>
      </div>
      {!data.final ? (
        <p className="text-xs text-muted">{isError ? "Live updates paused: we will keep trying. You can also reload the page." : "This page updates by itself."}</p>
      ) : null}
    </div>
  );
}

"use client";

import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import type { OrderStatusSnapshot } from "./order-status-view";

/** How often the page asks while the order is moving; slower once staff have it. */
const POLL_MS = 2_500;
const SLOW_POLL_MS = 15_000;

async function fetchStatus(ref: string): Promise<OrderStatusSnapshot> {
  const response = await fetch(`/api/orders/${encodeURIComponent(ref)}/status`, { cache: "no-store" });
  if (!response.ok) throw new Error(`status ${response.status}`);
  return response.json();
}

/** What the line under the status says, in the page's language (passed by the server page: no messages to load here). */
type LiveTexts = { live: string; paused: string };

/**
 * Keeps an order's page live while the order is moving: polls the database-only status route
 * and, when the status changes, refreshes the server-rendered page (status, timeline,
 * fulfillment details and payment state all come from the server; the status region stays the
 * same element, so screen readers hear the change). Shows only whether live updates run. The
 * page renders it for an order that is not final, so React Query (its own client here) loads
 * with no other page: a page loads no JavaScript it does not use.
 */
export function OrderStatusPoller(props: { orderRef: string; initial: OrderStatusSnapshot; texts: LiveTexts }) {
  // One client for as long as this order's page is open (router refreshes keep it).
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <Poll {...props} />
    </QueryClientProvider>
  );
}

function Poll({ orderRef, initial, texts }: { orderRef: string; initial: OrderStatusSnapshot; texts: LiveTexts }) {
  const router = useRouter();
  const { data, isError } = useQuery({
    queryKey: ["order-status", orderRef],
    queryFn: () => fetchStatus(orderRef),
    // The server has just rendered `initial`: no request on mount.
    initialData: initial,
    staleTime: POLL_MS,
    refetchInterval: (query) => {
      const current = query.state.data;
      if (!current || current.final) return false;
      return current.status === "needs_attention" ? SLOW_POLL_MS : POLL_MS;
    },
  });

  // The page shows `initial` (a newer rendering, after the buyer's own action such as a cancel,
  // brings a newer one); when a poll finds another status, the page is rendered again.
  useEffect(() => {
    if (data.status !== initial.status && Date.parse(data.updatedAt) >= Date.parse(initial.updatedAt)) router.refresh();
  }, [data.status, data.updatedAt, initial.status, initial.updatedAt, router]);

  return <p className="text-xs text-muted">{isError ? texts.paused : texts.live}</p>;
}

"use client";

import dynamic from "next/dynamic";

// The poller's code (React Query with it) loads only on a page that renders it, an order still
// moving: imported directly, Next.js would ship it with every order page, final ones included.
export const OrderStatusPoller = dynamic(() =>
  import("./order-status-poller").then((module) => module.OrderStatusPoller),
);

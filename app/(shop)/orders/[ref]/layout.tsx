import type { ReactNode } from "react";
import { Providers } from "@/components/providers";

// The order page is the only page with live queries (components/shop/orders/order-live-status.tsx)
// and toasts (its copy buttons): their providers, and React Query with them, load here rather
// than with every catalog page ([13]: no JavaScript a page does not use).
export default function OrderLayout({ children }: { children: ReactNode }) {
  return <Providers>{children}</Providers>;
}

import type { ReactNode } from "react";
import { ToastProvider } from "@/components/ui/toast";
import { pageLocale } from "@/lib/i18n/locale-param";

// The order page is the one page with toasts (its copy buttons): their provider loads here, not
// with every catalog page. Its live status brings its own React Query client, and only while the
// order is moving (components/shop/orders/order-status-poller.tsx): a page loads no JavaScript it
// does not use.
export default async function OrderLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  await pageLocale(params);
  return <ToastProvider>{children}</ToastProvider>;
}

import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { ThemeScript } from "@/components/theme-script";
import { ThemeSync } from "@/components/theme-sync";
import { SHOP_NAME } from "@/lib/products";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: `${SHOP_NAME}: top-ups, travel eSIMs, gift cards and unlocks`, template: `%s · ${SHOP_NAME}` },
  description: "Mobile top-ups, travel eSIM plans, gift cards, device unlock codes and IMEI checks, delivered online.",
  // app/icon.svg is linked by Next itself; these are drawn from it by scripts/make-icons.mts.
  icons: { icon: [{ url: "/favicon.ico", sizes: "any" }, { url: "/icon.svg", type: "image/svg+xml" }], apple: "/apple-touch-icon.png" },
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f7f8fa" },
    { media: "(prefers-color-scheme: dark)", color: "#0b0f17" },
  ],
};

// Reads nothing of the request, so catalog pages below it can be cached ([13]); the layouts of
// per-request pages opt out themselves (app/(shop)/layout.tsx, app/admin/…). The theme script runs
// by its hash in the CSP (lib/http/theme-script.ts). No client providers here: the one page
// with toasts has its own (app/(shop)/orders/[ref]/layout.tsx).
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript />
      </head>
      <body className="min-h-dvh antialiased">
        <ThemeSync />
        {children}
      </body>
    </html>
  );
}

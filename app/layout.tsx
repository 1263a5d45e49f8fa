import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { ThemeScript } from "@/components/theme-script";
import { SHOP_NAME } from "@/lib/products";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: `${SHOP_NAME}: top-ups, travel eSIMs, gift cards and unlocks`, template: `%s · ${SHOP_NAME}` },
  description: "Mobile top-ups, travel eSIM plans, gift cards, device unlock codes and IMEI checks, delivered online.",
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f7f8fa" },
    { media: "(prefers-color-scheme: dark)", color: "#0b0f17" },
  ],
};

// proxy.ts gives every request a fresh CSP nonce (x-nonce); the theme script needs it to run.
// Reading it makes every page render per request (docs/security.md, "Headers").
export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript nonce={nonce} />
      </head>
      <body className="min-h-dvh antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}

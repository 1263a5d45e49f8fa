import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";

// What every page shares, buyer or staff. The document itself (<html lang>) is drawn one level
// down, where the language is known: app/[locale]/layout.tsx for buyers ([16]), app/admin/layout.tsx
// for staff; Next.js lets a root layout pass its children through for that.
export const metadata: Metadata = {
  // app/icon.svg is linked by Next itself; these are drawn from it by scripts/make-icons.mts.
  icons: { icon: [{ url: "/favicon.ico", sizes: "any" }, { url: "/icon.svg", type: "image/svg+xml" }], apple: "/apple-touch-icon.png" },
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f7f8fa" },
    { media: "(prefers-color-scheme: dark)", color: "#0b0f17" },
  ],
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}

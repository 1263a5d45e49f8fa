import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { ThemeScript } from "./theme-script";
import { ThemeSync } from "./theme-sync";

// What every document shares, buyer or staff: the shop has two root layouts
// (app/[locale]/layout.tsx and app/admin/layout.tsx, so next/root-params gives buyer pages their
// language), and both export these.

/** app/icon.svg is linked by Next itself; these are drawn from it by scripts/make-icons.mts. */
export const DOCUMENT_ICONS: Metadata["icons"] = {
  icon: [
    { url: "/favicon.ico", sizes: "any" },
    { url: "/icon.svg", type: "image/svg+xml" },
  ],
  apple: "/apple-touch-icon.png",
};

export const DOCUMENT_VIEWPORT: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f7f8fa" },
    { media: "(prefers-color-scheme: dark)", color: "#0b0f17" },
  ],
};

/**
 * The HTML document around every page: the buyer pages' (app/[locale]/layout.tsx, in their
 * language), the staff pages' (app/admin/layout.tsx) and the bare not-found page's
 * (app/global-not-found.tsx). The theme
 * script runs by its hash in the CSP (lib/http/theme-script.ts), so a cached page can include it.
 */
export function Document({ lang, children }: { lang: string; children: ReactNode }) {
  return (
    <html lang={lang} suppressHydrationWarning>
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

import type { ReactNode } from "react";
import { ThemeScript } from "./theme-script";
import { ThemeSync } from "./theme-sync";

/**
 * The HTML document around every page: the buyer pages' (app/[locale]/layout.tsx, in their
 * language), the staff pages' (app/admin/layout.tsx) and the bare not-found page's. The theme
 * script runs by its hash in the CSP (lib/http/theme-script.ts), so a cached page can include it.
 */
export function Document({ lang, children }: { lang: string; children: ReactNode }) {
  return (
    <html lang={lang} suppressHydrationWarning>
      {/* eslint-disable-next-line @next/next/no-head-element -- the App Router's document, drawn by root layouts */}
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

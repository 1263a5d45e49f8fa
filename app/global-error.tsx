"use client";

import { ThemeSync } from "@/components/theme-sync";
import { ENGLISH_ERROR_TEXT, ErrorMessage } from "@/components/error-message";
import "./globals.css";

// The last resort, for an error in a root layout (app/[locale]/layout.tsx, app/admin/layout.tsx):
// it replaces that document, so it draws its own. Errors in pages are caught nearer, in the
// page's frame: app/[locale]/error.tsx (in the buyer's language), app/admin/error.tsx.
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh antialiased">
        <ThemeSync />
        <ErrorMessage digest={error.digest} reset={reset} text={ENGLISH_ERROR_TEXT} />
      </body>
    </html>
  );
}

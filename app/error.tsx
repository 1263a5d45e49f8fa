"use client";

import { ThemeSync } from "@/components/theme-sync";
import { ErrorMessage } from "@/components/error-message";

// The last resort, for an error in a layout that draws the document (app/[locale]/layout.tsx,
// app/admin/layout.tsx): it replaces that document, so it draws its own. Buyer pages have their
// own, in their language (app/[locale]/error.tsx).
export default function RootError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh antialiased">
        <ThemeSync />
        <ErrorMessage digest={error.digest} reset={reset} text={{ title: "Something went wrong", body: "The page could not be shown right now. Please try again in a moment.", reference: "Reference", retry: "Try again" }} />
      </body>
    </html>
  );
}

"use client";

import { Button } from "@/components/ui/button";

// Never a stack trace to the browser: a plain message, a retry, and the digest that lets
// staff find the server log line.
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-2xl flex-col items-start justify-center px-4">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-muted">The page could not be shown right now. Please try again in a moment.</p>
      {error.digest ? <p className="mt-2 text-xs text-muted">Reference: {error.digest}</p> : null}
      <Button className="mt-6" onClick={reset}>
        Try again
      </Button>
    </main>
  );
}

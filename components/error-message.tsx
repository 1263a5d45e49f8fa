"use client";

import { Button } from "@/components/ui/button";

export type ErrorText = { title: string; body: string; reference: string; retry: string };

// Never a stack trace to the browser: a plain message, a retry, and the digest that lets
// staff find the server log line.
export function ErrorMessage({ digest, reset, text }: { digest?: string; reset: () => void; text: ErrorText }) {
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-2xl flex-col items-start justify-center px-4">
      <h1 className="text-2xl font-bold">{text.title}</h1>
      <p className="mt-2 text-muted">{text.body}</p>
      {digest ? (
        <p className="mt-2 text-xs text-muted">
          {text.reference}: {digest}
        </p>
      ) : null}
      <Button className="mt-6" onClick={reset}>
        {text.retry}
      </Button>
    </main>
  );
}

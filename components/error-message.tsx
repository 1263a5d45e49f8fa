"use client";

import { createContext, useContext, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

export type ErrorText = { title: string; body: string; reference: string; retry: string };

/** The words where no language is known (staff pages, a root layout's failure); buyer pages translate theirs. */
export const ENGLISH_ERROR_TEXT: ErrorText = {
  title: "Something went wrong",
  body: "The page could not be shown right now. Please try again in a moment.",
  reference: "Reference",
  retry: "Try again",
};

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

const ErrorTextContext = createContext<ErrorText>(ENGLISH_ERROR_TEXT);

/**
 * The error page's words in the page's language, handed down by the buyer pages' layout (a
 * server component translates them): an error boundary gets no props from the server, and this
 * spares every page next-intl's client runtime (app/[locale]/error.tsx).
 */
export function ErrorTextProvider({ text, children }: { text: ErrorText; children: ReactNode }) {
  return <ErrorTextContext value={text}>{children}</ErrorTextContext>;
}

export const useErrorText = (): ErrorText => useContext(ErrorTextContext);

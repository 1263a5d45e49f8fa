"use client";

import { ErrorMessage, useErrorText } from "@/components/error-message";

// An error on a buyer page, in its language: app/[locale]/layout.tsx hands the words down.
export default function LocaleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorMessage digest={error.digest} reset={reset} text={useErrorText()} />;
}

"use client";

import { ENGLISH_ERROR_TEXT, ErrorMessage } from "@/components/error-message";

// An error on a staff page, inside the admin's document (app/admin/layout.tsx). Staff pages are in
// English.
export default function AdminError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <ErrorMessage digest={error.digest} reset={reset} text={ENGLISH_ERROR_TEXT} />;
}

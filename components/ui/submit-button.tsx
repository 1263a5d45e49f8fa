"use client";

import { useFormStatus } from "react-dom";
import { Button } from "./button";

/** A form's submit button that disables itself while the form is being sent (no double submit). */
export function SubmitButton({ children, pendingText, className }: { children: React.ReactNode; pendingText: string; className?: string }) {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" disabled={pending} aria-disabled={pending} className={className}>
      {pending ? pendingText : children}
    </Button>
  );
}

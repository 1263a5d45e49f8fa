"use client";

import type { ComponentProps } from "react";
import { useFormStatus } from "react-dom";
import { Button } from "./button";

type Props = Omit<ComponentProps<typeof Button>, "type" | "disabled"> & { pendingText: string };

/** A form's submit button that disables itself while the form is being sent (no double submit). */
export function SubmitButton({ children, pendingText, ...props }: Props) {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" disabled={pending} aria-disabled={pending} {...props}>
      {pending ? pendingText : children}
    </Button>
  );
}

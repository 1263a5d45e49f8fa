"use client";

import { useActionState } from "react";
import { Notice, type ActionNotice } from "@/components/admin/ops/notice";
import { useFormStatus } from "react-dom";
import { Button } from "@/components/ui/button";

/**
 * One button that posts an id to an action and shows its outcome beside it (replay, delete).
 * `confirm` asks first, for actions that cannot be undone.
 */
export function RowAction({
  action,
  id,
  label,
  pendingText,
  confirm,
  available = true,
  variant = "secondary",
}: {
  action: (state: ActionNotice, form: FormData) => Promise<ActionNotice>;
  id: string;
  label: string;
  pendingText: string;
  confirm?: string;
  /** False hides the button; an outcome already shown stays (e.g. after a replay, the receipt is no longer replayable). */
  available?: boolean;
  variant?: "secondary" | "danger";
}) {
  const [state, formAction] = useActionState(action, {});
  if (!available) return state.message ? <Notice notice={state} /> : null;
  return (
    <form
      action={formAction}
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={id} />
      <Pending label={label} pendingText={pendingText} variant={variant} />
      <Notice notice={state} />
    </form>
  );
}

function Pending({
  label,
  pendingText,
  variant,
}: {
  label: string;
  pendingText: string;
  variant: "secondary" | "danger";
}) {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" size="sm" variant={variant} disabled={pending} aria-disabled={pending}>
      {pending ? pendingText : label}
    </Button>
  );
}

"use client";

import { useActionState, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import type { AdminActionState } from "@/lib/admin/action-state";

type Props = {
  action: (state: AdminActionState, form: FormData) => Promise<AdminActionState>;
  /** The button that opens the confirmation. */
  label: string;
  /** A longer accessible name when the visible label is short (it must start with `label`). */
  ariaLabel?: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingText: string;
  hidden?: Record<string, string>;
  /** Extra fields inside the confirmation (a reason …). */
  children?: ReactNode;
  danger?: boolean;
  /**
   * Why the action cannot be used now: the button stays (disabled, with this reason) rather than
   * disappearing, so the outcome of the action that just changed the order stays on screen.
   */
  unavailable?: string | null;
};

/**
 * A staff action behind a confirmation step: the button opens a native <dialog> (focus
 * trapped, Escape closes) that says what will happen; only its confirm button sends the form.
 * The outcome is announced next to the button.
 */
export function ConfirmAction({
  action,
  label,
  ariaLabel,
  title,
  description,
  confirmLabel,
  pendingText,
  hidden = {},
  children,
  danger,
  unavailable,
}: Props) {
  const [open, setOpen] = useState(false);
  // A finished action closes the dialog; its message shows beside the button.
  const [state, formAction] = useActionState(async (previous: AdminActionState, form: FormData) => {
    const result = await action(previous, form);
    setOpen(false);
    return result;
  }, {});
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <div className="flex flex-col gap-1.5">
      <Button
        variant={danger ? "danger" : "secondary"}
        size="sm"
        aria-label={ariaLabel}
        aria-describedby={unavailable ? `${titleId}-why` : undefined}
        disabled={Boolean(unavailable)}
        onClick={() => setOpen(true)}
        className="self-start"
      >
        {label}
      </Button>
      <p role="status" className={state.ok === false ? "text-xs font-medium text-danger" : "text-xs text-ok"}>
        {state.message ?? ""}
      </p>
      {unavailable ? (
        <p id={`${titleId}-why`} className="max-w-56 text-xs text-muted">
          {unavailable}
        </p>
      ) : null}
      <dialog
        ref={ref}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl border border-border bg-surface p-0 text-fg shadow-xl backdrop:bg-black/50"
      >
        {open ? (
          <form action={formAction} className="flex flex-col gap-4 p-6">
            {Object.entries(hidden).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <div className="text-sm text-muted">{description}</div>
            {children}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <SubmitButton
                pendingText={pendingText}
                className={danger ? "bg-danger text-white dark:text-bg" : undefined}
              >
                {confirmLabel}
              </SubmitButton>
            </div>
          </form>
        ) : null}
      </dialog>
    </div>
  );
}

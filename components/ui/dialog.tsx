"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "./button";

/**
 * The dialog's buttons: the caller's own `footer`, or a single close button whose word the caller
 * gives (`closeLabel`, in the page's language: the dialog serves buyer and staff pages alike).
 */
type Buttons = { footer: ReactNode; closeLabel?: undefined } | { footer?: undefined; closeLabel: string };

/**
 * A modal on the native <dialog> element: focus trapping, Escape to close and the
 * backdrop come from the browser.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  closeLabel,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
} & Buttons) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="dialog-title"
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl border border-border bg-surface p-0 text-fg shadow-xl backdrop:bg-black/50"
    >
      <div className="flex flex-col gap-4 p-6">
        <h2 id="dialog-title" className="text-lg font-semibold">
          {title}
        </h2>
        <div className="text-sm text-muted">{children}</div>
        <div className="flex justify-end gap-2">
          {footer ?? (
            <Button variant="secondary" onClick={onClose}>
              {closeLabel}
            </Button>
          )}
        </div>
      </div>
    </dialog>
  );
}

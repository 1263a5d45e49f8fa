"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";

export type GiftcardCodesState = { message?: string; error?: string };

/** Whether gift card codes go into delivery mail; only admins may change it. */
export function GiftcardCodesForm({
  action,
  on,
  canChange,
}: {
  action: (state: GiftcardCodesState, form: FormData) => Promise<GiftcardCodesState>;
  on: boolean;
  canChange: boolean;
}) {
  const [state, formAction] = useActionState(action, {});
  return (
    <form action={formAction} className="flex flex-col gap-3" aria-label="Gift card codes in mail">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          name="on"
          defaultChecked={on}
          disabled={!canChange}
          className="mt-0.5 size-4 accent-brand"
        />
        <span>
          <span className="font-medium">Put gift card codes in the delivery mail</span>
          <span className="block text-muted">
            Off: the mail sends the buyer to the order page, where the code is revealed and the reveal recorded. On:
            anyone who reads the buyer&apos;s inbox can spend the card.
          </span>
        </span>
      </label>
      {canChange ? (
        <div className="flex items-center gap-3">
          <SubmitButton pendingText="Saving…">Save</SubmitButton>
          <p role="status" className="text-sm text-ok">
            {state.message ?? ""}
          </p>
          {state.error ? (
            <p role="alert" className="text-sm text-danger">
              {state.error}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-xs text-muted">Only an admin can change this.</p>
      )}
    </form>
  );
}

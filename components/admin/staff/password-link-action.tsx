"use client";

import { useActionState } from "react";
import type { PasswordLinkState, StaffFormAction } from "@/lib/admin/action-state";
import { SubmitButton } from "@/components/ui/submit-button";
import { PasswordLinkOnce } from "./password-link-once";

/**
 * "Password link" on a staff row: an invitation while the account has no password, a reset
 * after. Nothing changes for the member until they use it, so no confirmation step; it is audited.
 */
export function PasswordLinkAction({
  userId,
  email,
  hasPassword,
  issue,
}: {
  userId: string;
  email: string;
  hasPassword: boolean;
  issue: StaffFormAction<PasswordLinkState>;
}) {
  const [state, action] = useActionState<PasswordLinkState, FormData>(issue, {});
  const label = hasPassword ? "Reset link" : "Invitation link";
  return (
    <form action={action} className="flex flex-col gap-1.5">
      <input type="hidden" name="userId" value={userId} />
      <SubmitButton
        pendingText="Creating…"
        variant="secondary"
        size="sm"
        aria-label={`${label} for ${email}`}
        className="self-start whitespace-nowrap"
      >
        {label}
      </SubmitButton>
      {state.link ? <PasswordLinkOnce link={state.link} /> : null}
      <p role="status" className={state.ok === false ? "text-xs font-medium text-danger" : "sr-only"}>
        {state.message ?? ""}
      </p>
    </form>
  );
}

"use client";

import { useActionState } from "react";
import type { AdminActionState, StaffFormAction } from "@/lib/admin/action-state";
import { Select } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

/** Changing a role is reversible and audited, so it needs no confirmation step. */
export function RoleForm({
  userId,
  email,
  role,
  save,
}: {
  userId: string;
  email: string;
  role: "staff" | "admin";
  save: StaffFormAction;
}) {
  const [state, action] = useActionState<AdminActionState, FormData>(save, {});
  const id = `role-${userId}`;
  return (
    <form action={action} className="flex flex-col gap-1">
      <input type="hidden" name="userId" value={userId} />
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="sr-only">
          Role of {email}
        </label>
        <Select id={id} name="role" defaultValue={role} className="h-8 w-28 min-w-28">
          <option value="staff">staff</option>
          <option value="admin">admin</option>
        </Select>
        <SubmitButton pendingText="Saving…" className="h-8 px-3 whitespace-nowrap">
          Save role
        </SubmitButton>
      </div>
      <p role="status" className={state.ok === false ? "text-xs text-danger" : "text-xs text-ok"}>
        {state.message ?? ""}
      </p>
    </form>
  );
}

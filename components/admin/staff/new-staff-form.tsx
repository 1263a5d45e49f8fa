"use client";

import { useActionState } from "react";
import { createStaffAction } from "@/app/admin/(dashboard)/staff/actions";
import type { AdminActionState } from "@/components/admin/shared/action-state";
import { Field, fieldAria } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";

const PASSWORD_HINT = "At least 10 characters. Give it to them in person, not by email.";

export function NewStaffForm() {
  const [state, action] = useActionState<AdminActionState, FormData>(createStaffAction, {});
  const errors = state.fieldErrors ?? {};
  const values = state.ok ? {} : (state.values ?? {});
  return (
    <form action={action} className="grid gap-4 sm:grid-cols-2" noValidate key={state.ok ? state.message : "form"}>
      <Field id="staff-email" label="Email" error={errors.email}>
        <Input {...fieldAria("staff-email", { error: errors.email })} name="email" type="email" autoComplete="off" required defaultValue={values.email} />
      </Field>
      <Field id="staff-name" label="Name (optional)" error={errors.name}>
        <Input {...fieldAria("staff-name", { error: errors.name })} name="name" autoComplete="off" defaultValue={values.name} />
      </Field>
      <Field id="staff-role" label="Role" error={errors.role}>
        <Select {...fieldAria("staff-role", { error: errors.role })} name="role" defaultValue={values.role ?? "staff"}>
          <option value="staff">Staff: orders, sales, customers</option>
          <option value="admin">Admin: also staff accounts and pricing</option>
        </Select>
      </Field>
      <Field id="staff-password" label="Initial password" hint={PASSWORD_HINT} error={errors.password}>
        <Input {...fieldAria("staff-password", { hint: PASSWORD_HINT, error: errors.password })} name="password" type="password" autoComplete="new-password" required />
      </Field>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <SubmitButton pendingText="Creating…" className="self-start">
          Create staff account
        </SubmitButton>
        <p role="status" className={state.ok ? "text-sm text-ok" : "text-sm text-danger"}>
          {state.message ?? ""}
        </p>
      </div>
    </form>
  );
}

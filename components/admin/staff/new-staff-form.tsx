"use client";

import { useActionState, useState } from "react";
import type { PasswordLinkState, StaffFormAction } from "@/lib/admin/action-state";
import { Field, fieldAria } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { PasswordLinkOnce } from "./password-link-once";

const PASSWORD_HINT = "At least 10 characters. Give it to them in person, not by email.";
type Access = "invite" | "password";

export function NewStaffForm({ create }: { create: StaffFormAction<PasswordLinkState> }) {
  const [state, action] = useActionState<PasswordLinkState, FormData>(create, {});
  const errors = state.fieldErrors ?? {};
  const values = state.ok ? {} : (state.values ?? {});
  return (
    <div className="flex flex-col gap-4">
      {/* Remount after a success so the fields and the access choice start over. */}
      <StaffFields key={state.ok ? state.message : "form"} action={action} errors={errors} values={values} />
      <p role="status" className={state.ok ? "text-sm text-ok" : "text-sm text-danger"}>
        {state.message ?? ""}
      </p>
      {state.link ? <PasswordLinkOnce link={state.link} /> : null}
    </div>
  );
}

function StaffFields({
  action,
  errors,
  values,
}: {
  action: (form: FormData) => void;
  errors: Record<string, string>;
  values: Record<string, string>;
}) {
  // Uncontrolled like the other fields: React resets a form after its action to the defaults of
  // the latest render, which carry the submitted choice back.
  const submitted: Access = values.access === "password" ? "password" : "invite";
  const [access, setAccess] = useState<Access>(submitted);
  return (
    <form action={action} className="grid gap-4 sm:grid-cols-2" noValidate>
      <Field id="staff-email" label="Email" error={errors.email}>
        <Input
          {...fieldAria("staff-email", { error: errors.email })}
          name="email"
          type="email"
          autoComplete="off"
          required
          defaultValue={values.email}
        />
      </Field>
      <Field id="staff-name" label="Name (optional)" error={errors.name}>
        <Input
          {...fieldAria("staff-name", { error: errors.name })}
          name="name"
          autoComplete="off"
          defaultValue={values.name}
        />
      </Field>
      <Field id="staff-role" label="Role" error={errors.role}>
        <Select {...fieldAria("staff-role", { error: errors.role })} name="role" defaultValue={values.role ?? "staff"}>
          <option value="staff">Staff: orders, sales, customers</option>
          <option value="admin">Admin: also staff accounts and pricing</option>
        </Select>
      </Field>
      <fieldset className="flex flex-col gap-1.5" aria-describedby={errors.access ? "staff-access-error" : undefined}>
        <legend className="mb-1.5 text-sm font-medium">How they get in</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="access"
            value="invite"
            defaultChecked={submitted === "invite"}
            onChange={() => setAccess("invite")}
          />
          Invitation link: they choose their own password
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="access"
            value="password"
            defaultChecked={submitted === "password"}
            onChange={() => setAccess("password")}
          />
          Initial password that I hand over
        </label>
        {errors.access ? (
          <p id="staff-access-error" role="alert" className="text-xs font-medium text-danger">
            {errors.access}
          </p>
        ) : null}
      </fieldset>
      {access === "password" ? (
        <Field id="staff-password" label="Initial password" hint={PASSWORD_HINT} error={errors.password}>
          <Input
            {...fieldAria("staff-password", { hint: PASSWORD_HINT, error: errors.password })}
            name="password"
            type="password"
            autoComplete="new-password"
            required
          />
        </Field>
      ) : null}
      <div className="sm:col-span-2">
        <SubmitButton pendingText="Creating…" className="self-start">
          Create staff account
        </SubmitButton>
      </div>
    </form>
  );
}

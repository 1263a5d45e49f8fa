"use client";

import { useActionState } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { SecretOnce } from "./secret-once";

export type SubscriptionFormState = {
  error?: string;
  field?: string;
  saved?: boolean;
  created?: { id: string; url: string; secret: string; isShopReceiver: boolean };
};

const URL_HINT = "https:// only (plain http:// to this machine, for the emulator).";

export const EVENT_NAMES = ["order.created", "order.fulfilled", "order.failed"] as const;

type Action = (state: SubscriptionFormState, form: FormData) => Promise<SubscriptionFormState>;

/** Create (no `subscription`) or edit one subscription: URL, events and, when editing, status. */
export function SubscriptionForm({
  action,
  subscription,
  defaultUrl,
}: {
  action: Action;
  subscription?: { id: string; url: string; events: string[]; status: string };
  defaultUrl?: string;
}) {
  const [state, formAction] = useActionState(action, {});
  const prefix = subscription ? `wh-${subscription.id}` : "wh-new";
  const urlError = state.field === "url" ? state.error : undefined;
  const eventsError = state.field === "events" ? state.error : undefined;
  const otherError = state.error && !urlError && !eventsError ? state.error : undefined;
  if (state.created) return <SecretOnce created={state.created} />;
  return (
    <form
      action={formAction}
      className="grid gap-4"
      aria-label={subscription ? `Edit subscription ${subscription.id}` : "New subscription"}
    >
      {subscription ? <input type="hidden" name="id" value={subscription.id} /> : null}
      <Field id={`${prefix}-url`} label="URL" hint={URL_HINT} error={urlError}>
        <Input
          name="url"
          type="url"
          defaultValue={subscription?.url ?? defaultUrl}
          required
          {...fieldAria(`${prefix}-url`, { hint: URL_HINT, error: urlError })}
        />
      </Field>
      <fieldset aria-describedby={eventsError ? `${prefix}-events-error` : undefined}>
        <legend className="text-sm font-medium">Events</legend>
        <div className="mt-1.5 flex flex-wrap gap-4">
          {EVENT_NAMES.map((name) => (
            <label key={name} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="events"
                value={name}
                defaultChecked={subscription ? subscription.events.includes(name) : true}
                className="accent-brand"
              />
              <span className="font-mono">{name}</span>
            </label>
          ))}
        </div>
        {eventsError ? (
          <p id={`${prefix}-events-error`} role="alert" className="mt-1 text-xs font-medium text-danger">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      {subscription ? (
        <Field id={`${prefix}-status`} label="Status">
          <Select id={`${prefix}-status`} name="status" defaultValue={subscription.status} className="sm:w-48">
            <option value="active">Active</option>
            <option value="disabled">Disabled</option>
          </Select>
        </Field>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingText="Saving…">{subscription ? "Save changes" : "Create subscription"}</SubmitButton>
        {state.saved ? (
          <p role="status" className="text-sm text-ok">
            Saved.
          </p>
        ) : null}
        {otherError ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {otherError}
          </p>
        ) : null}
      </div>
    </form>
  );
}

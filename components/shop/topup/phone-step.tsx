"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { checkPhone, PHONE_EXAMPLE } from "./phone";

const HINT = `International format with the country code, for example ${PHONE_EXAMPLE}.`;

/**
 * Step 1: the number to top up. A plain GET form to /topup?phone=…, so it works before
 * hydration and the browser's back button walks the steps; once hydrated, an impossible
 * number is caught here with an inline error before any round trip. The server checks again.
 */
export function PhoneStep({ defaultValue, serverError }: { defaultValue?: string; serverError?: string }) {
  const [clientError, setClientError] = useState<string | undefined>();
  const [edited, setEdited] = useState(false);
  // The server's verdict applies to the value it saw; once the buyer types, it is out of date.
  const error = clientError ?? (edited ? undefined : serverError);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem("phone") as HTMLInputElement;
    const result = checkPhone(input.value);
    if (!result.ok) {
      event.preventDefault();
      setClientError(result.error);
      input.focus();
      return;
    }
    input.value = result.e164;
  }

  return (
    <form action="/topup" method="get" onSubmit={onSubmit} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="flex-1">
        <Field id="phone" label="Phone number" hint={HINT} error={error}>
          <Input
            {...fieldAria("phone", { hint: HINT, error })}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={PHONE_EXAMPLE}
            defaultValue={defaultValue}
            onChange={() => {
              setEdited(true);
              setClientError(undefined);
            }}
            required
          />
        </Field>
      </div>
      <Button type="submit" className="sm:mt-7">
        Find operator
      </Button>
    </form>
  );
}

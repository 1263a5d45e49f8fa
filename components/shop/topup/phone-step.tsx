"use client";

import { getExampleNumber } from "libphonenumber-js/min";
import examples from "libphonenumber-js/mobile/examples";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { CountryCombobox } from "./country-combobox";
import { checkPhone, countryOfTyped, phoneCountry, PHONE_EXAMPLE } from "@/lib/validation/phone";
import type { CountryOption } from "@/lib/products/topup/types";

/**
 * The number to top up: a country (flag, dialling code, searchable) and the number, written
 * as at home or with + and the country code. A plain GET form (works before hydration; back
 * and refresh walk the steps); once hydrated, an impossible number is caught here with an
 * inline error before any request, and the number is sent normalised to E.164. The server
 * checks again. Translates with the TopupPhone messages (the page wraps it in ClientMessages).
 */
export function PhoneStep({
  action,
  countries,
  defaultCountry,
  defaultValue,
  serverError,
  hidden = {},
  submitLabel,
}: {
  action: string;
  countries: readonly CountryOption[];
  defaultCountry?: string;
  defaultValue?: string;
  serverError?: string;
  /** Choices made before this step (the browse flow's rate and SMS), sent along. */
  hidden?: Record<string, string>;
  submitLabel?: string;
}) {
  const t = useTranslations("TopupPhone");
  const [country, setCountry] = useState(phoneCountry(defaultCountry) ?? "");
  const [clientError, setClientError] = useState<string | undefined>();
  const [edited, setEdited] = useState(false);
  // The server's verdict applies to the value it saw; once the buyer types, it is out of date.
  const error = clientError ?? (edited ? undefined : serverError);
  const exampleCountry = phoneCountry(country);
  const example = exampleCountry ? getExampleNumber(exampleCountry, examples)?.formatNational() : undefined;
  const countryName = countries.find((c) => c.iso === country)?.name ?? t("thatCountry");
  const hint = !country
    ? t("hintNoCountry", { example: PHONE_EXAMPLE })
    : example
      ? t("hintInExample", { country: countryName, example })
      : t("hintIn", { country: countryName });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem("phone") as HTMLInputElement;
    const result = checkPhone(input.value, country);
    if (!result.ok) {
      event.preventDefault();
      setClientError(result.error);
      input.focus();
      return;
    }
    input.value = result.e164;
  }

  return (
    <form action={action} method="get" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,15rem)_minmax(0,1fr)]">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="country" className="text-sm font-medium">
            {t("country")}
          </label>
          <CountryCombobox
            id="country"
            name="country"
            countries={countries}
            value={country}
            onChange={(iso) => {
              setCountry(iso);
              setClientError(undefined);
            }}
          />
        </div>
        <Field id="phone" label={t("phone")} hint={hint} error={error}>
          <Input
            {...fieldAria("phone", { hint, error })}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={example ?? PHONE_EXAMPLE}
            defaultValue={defaultValue}
            onChange={(event) => {
              setEdited(true);
              setClientError(undefined);
              // "+49…" tells the country: the selector follows what is typed.
              const typed = countryOfTyped(event.target.value);
              if (typed && typed !== country && countries.some((c) => c.iso === typed)) setCountry(typed);
            }}
            required
          />
        </Field>
      </div>
      <div>
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          {submitLabel ?? t("findOperator")}
        </Button>
      </div>
    </form>
  );
}

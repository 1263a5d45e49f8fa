"use client";

import { useState } from "react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { STAFF_IMEI_FIELDS_TEXT, type ImeiFieldsText } from "@/lib/products/unlock/imei-words";
import {
  imeiProblem,
  normaliseImei,
  orderImeiValue,
  SUFFIX_FORMATS,
  suffixProblem,
  type SuffixFlag,
  type Suffixes,
} from "@/lib/validation/imei";

/** What the fields hold once every one is valid: the bare IMEI and the service's suffixes. */
export type ImeiAndSuffixes = { imei: string; suffixes: Suffixes };

/**
 * The IMEI and one field per suffix the unlock service needs (its sn/prd/pin/mep/sro flags),
 * each checked as it is typed with the rules the server applies (lib/validation/imei.ts). Used
 * by the storefront's order form (inputs named for its FormData) and the admin point of sale
 * (which reads `onValid`). Server errors show until the field is edited. The words are the
 * buyer's language on the storefront (`text`: imeiFieldsText) and staff English by default.
 */
export function ImeiSuffixFields({
  needs,
  serverErrors,
  onValid,
  text = STAFF_IMEI_FIELDS_TEXT,
}: {
  needs: SuffixFlag[];
  serverErrors?: Record<string, string>;
  /** Called with the values whenever they change: null while any field is not valid. */
  onValid?: (value: ImeiAndSuffixes | null) => void;
  text?: ImeiFieldsText;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});

  const imei = normaliseImei(values.imei ?? "");
  // As typed: once the field was left, or as soon as 15 digits are there.
  const liveImeiError = touched.imei || imei.length >= 15 ? (text.imeiProblem(imei) ?? undefined) : undefined;
  const suffixError = (flag: SuffixFlag) => {
    const value = (values[flag] ?? "").trim();
    if (!touched[flag] && value.length < SUFFIX_FORMATS[flag].example.length) return undefined;
    return text.suffixProblem(flag, value) ?? undefined;
  };
  const serverError = (name: string) =>
    values[name] === undefined || !touched[name] ? serverErrors?.[name] : undefined;
  const assembled = assemble(values, needs);

  const input = (name: string) => ({
    name,
    value: values[name] ?? "",
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      onValid?.(assemble(next, needs)?.parts ?? null);
    },
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
  });
  const imeiError = liveImeiError ?? serverError("imei");

  return (
    <>
      <Field id="imei" label={text.imeiLabel} hint={text.imeiHint} error={imeiError}>
        <Input
          {...fieldAria("imei", { hint: text.imeiHint, error: imeiError })}
          {...input("imei")}
          inputMode="numeric"
          autoComplete="off"
          maxLength={24}
          placeholder={text.imeiPlaceholder}
        />
      </Field>
      {needs.map((flag) => {
        const hint = text.suffixHint(flag);
        const error = suffixError(flag) ?? serverError(flag);
        return (
          <Field key={flag} id={`suffix-${flag}`} label={text.suffixLabel(flag)} hint={hint} error={error}>
            <Input
              {...fieldAria(`suffix-${flag}`, { hint, error })}
              {...input(flag)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
            />
          </Field>
        );
      })}
      {assembled && needs.length > 0 ? (
        <p className="text-xs text-muted" data-testid="imei-value">
          {text.sentAs(assembled.value, (chunks) => (
            <code className="rounded bg-surface-muted px-1 font-mono break-all">{chunks}</code>
          ))}
        </p>
      ) : null}
    </>
  );
}

/** The create_order value and its parts when every field is valid, else null. */
function assemble(
  values: Record<string, string>,
  needs: SuffixFlag[],
): { value: string; parts: ImeiAndSuffixes } | null {
  const imei = normaliseImei(values.imei ?? "");
  const suffixes: Suffixes = Object.fromEntries(needs.map((f) => [f, (values[f] ?? "").trim()]));
  if (imeiProblem(imei) || needs.some((flag) => suffixProblem(flag, suffixes[flag] ?? ""))) return null;
  try {
    return { value: orderImeiValue(imei, suffixes), parts: { imei, suffixes } };
  } catch {
    return null;
  }
}

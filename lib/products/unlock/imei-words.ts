import { createElement, Fragment, type ReactNode } from "react";
import type { useTranslations } from "next-intl";
import {
  imeiIssue,
  imeiProblem,
  SUFFIX_FORMATS,
  suffixIssue,
  suffixProblem,
  type SuffixFlag,
} from "@/lib/validation/imei";

// The words of the IMEI and suffix fields (components/shop/unlock/imei-suffix-fields.tsx) and of
// their rules (lib/validation/imei.ts, the rules' one home): in the buyer's language from the
// "UnlockImei" messages on the storefront (the form as typed, the pay action on submit), and in
// the rules' own English for staff at the point of sale (staff pages stay English: docs/i18n.md).
// Pure: the browser checks as the buyer types.

type ImeiT = ReturnType<typeof useTranslations<"UnlockImei">>;

/** How a channel words the IMEI and suffix rules: each answers null when the value is valid. */
export type ImeiRuleWords = {
  imeiProblem: (imei: string) => string | null;
  suffixProblem: (flag: SuffixFlag, value: string) => string | null;
};

export type ImeiFieldsText = ImeiRuleWords & {
  imeiLabel: string;
  imeiHint: string;
  imeiPlaceholder: string;
  suffixLabel: (flag: SuffixFlag) => string;
  suffixHint: (flag: SuffixFlag) => string;
  /** "Sent to the supplier as <code>value</code>", the value drawn by `code`. */
  sentAs: (value: string, code: (chunks: ReactNode) => ReactNode) => ReactNode;
};

/** The rules in the buyer's language. */
export function imeiRuleWords(t: ImeiT): ImeiRuleWords {
  const format = (flag: SuffixFlag) => ({
    label: t(`labels.${flag}`),
    shape: t(`shapes.${flag}`),
    example: SUFFIX_FORMATS[flag].example,
  });
  return {
    imeiProblem: (imei) => {
      const issue = imeiIssue(imei);
      if (!issue) return null;
      return issue.code === "length" ? t("problem.length", { length: issue.length }) : t(`problem.${issue.code}`);
    },
    suffixProblem: (flag, value) => {
      const issue = suffixIssue(flag, value);
      if (!issue) return null;
      return issue === "spaces" ? t("suffixSpaces", format(flag)) : t("suffixShape", format(flag));
    },
  };
}

/** The fields' words in the buyer's language. */
export function imeiFieldsText(t: ImeiT): ImeiFieldsText {
  return {
    ...imeiRuleWords(t),
    imeiLabel: t("imeiLabel"),
    imeiHint: t("imeiHint"),
    imeiPlaceholder: t("imeiPlaceholder"),
    suffixLabel: (flag) => t(`labels.${flag}`),
    suffixHint: (flag) => t("suffixHint", { shape: t(`shapes.${flag}`), example: SUFFIX_FORMATS[flag].example }),
    sentAs: (value, code) => t.rich("sentAs", { value, code }),
  };
}

/** The fields' words for staff: the rules' English (lib/validation/imei.ts). */
export const STAFF_IMEI_FIELDS_TEXT: ImeiFieldsText = {
  imeiProblem,
  suffixProblem,
  imeiLabel: "IMEI",
  imeiHint: "15 digits. Dial *#06# on the phone to see it, or look in Settings › About.",
  imeiPlaceholder: "e.g. 490154203237518",
  suffixLabel: (flag) => SUFFIX_FORMATS[flag].label,
  suffixHint: (flag) => `${SUFFIX_FORMATS[flag].shape}, e.g. ${SUFFIX_FORMATS[flag].example}. No spaces.`,
  sentAs: (value, code) => createElement(Fragment, null, "Sent to the supplier as ", code(value)),
};

import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor } from "@/lib/i18n/messages";
import { mailTime, renderMail } from "@/lib/mail/layout";
import { shopUrlIn } from "@/lib/mail/links";
import { SHOP_NAME } from "@/lib/products";

// The mails of a customer's account (docs/accounts.md), in the language the account was made in
// (User.locale). Those with a link are a credential: the caller queues them sealed
// (lib/mail/seal.ts).

const accountMailText = (locale: Locale) =>
  createTranslator({ locale, messages: messagesFor(locale), namespace: "Mail.account" });

export const verifyEmailPath = (token: string) => `/account/verify-email/${token}`;
export const resetPasswordPath = (token: string) => `/account/reset-password/${token}`;

export function verifyEmailMail(
  token: string,
  expiresAt: Date,
  change: boolean,
  locale: Locale,
): ReturnType<typeof renderMail> {
  const t = accountMailText(locale);
  const kind = change ? "change" : "verify";
  return renderMail({
    locale,
    subject: t(`${kind}.subject`, { shop: SHOP_NAME }),
    heading: t(`${kind}.heading`),
    parts: [
      { kind: "text", text: t(`${kind}.text`) },
      { kind: "button", label: t(`${kind}.button`), url: shopUrlIn(verifyEmailPath(token), locale) },
      { kind: "note", text: t("linkNote", { until: mailTime(expiresAt) }) },
    ],
  });
}

export function resetPasswordMail(token: string, expiresAt: Date, locale: Locale): ReturnType<typeof renderMail> {
  const t = accountMailText(locale);
  return renderMail({
    locale,
    subject: t("reset.subject", { shop: SHOP_NAME }),
    heading: t("reset.heading"),
    parts: [
      { kind: "text", text: t("reset.text") },
      { kind: "button", label: t("reset.button"), url: shopUrlIn(resetPasswordPath(token), locale) },
      { kind: "note", text: t("reset.note", { until: mailTime(expiresAt) }) },
    ],
  });
}

/** To the old address when the account moved to a new one: the owner learns of a change they did not make. */
export function emailChangedMail(newEmail: string, locale: Locale): ReturnType<typeof renderMail> {
  const t = accountMailText(locale);
  return renderMail({
    locale,
    subject: t("changed.subject", { shop: SHOP_NAME }),
    heading: t("changed.heading"),
    parts: [
      { kind: "text", text: t("changed.text", { email: newEmail }) },
      { kind: "note", text: t("changed.note") },
    ],
  });
}

/**
 * To the owner of a confirmed account when someone signs up with its address: the sign-up page
 * answers the same for every address (docs/accounts.md), so the owner learns it here, with the
 * way in if it was them.
 */
export function accountExistsMail(locale: Locale): ReturnType<typeof renderMail> {
  const t = accountMailText(locale);
  return renderMail({
    locale,
    subject: t("exists.subject", { shop: SHOP_NAME }),
    heading: t("exists.heading"),
    parts: [
      { kind: "text", text: t("exists.text") },
      { kind: "button", label: t("exists.signIn"), url: shopUrlIn("/account/sign-in", locale) },
      { kind: "text", text: t("exists.forgot") },
      { kind: "button", label: t("exists.reset"), url: shopUrlIn("/account/forgot-password", locale) },
      { kind: "note", text: t("exists.note") },
    ],
  });
}

import { mailTime, renderMail, type MailContent } from "@/lib/mail/layout";
import { shopUrl } from "@/lib/mail/links";
import { SHOP_NAME } from "@/lib/products";

// The mails of a customer's account (docs/accounts.md). Those with a link are a credential:
// the caller queues them sealed (lib/mail/seal.ts).

export const verifyEmailPath = (token: string) => `/account/verify-email/${token}`;
export const resetPasswordPath = (token: string) => `/account/reset-password/${token}`;

export function verifyEmailMail(token: string, expiresAt: Date, change: boolean): ReturnType<typeof renderMail> {
  const content: MailContent = {
    subject: change ? "Confirm your new email address" : `Confirm your email for ${SHOP_NAME}`,
    heading: change ? "Confirm your new email address" : "Confirm your email address",
    parts: [
      {
        kind: "text",
        text: change
          ? "You asked to sign in with this address from now on. Confirm it, and your account moves to it."
          : "Confirm that this address is yours. Orders you placed with it as a guest then appear in your account.",
      },
      { kind: "button", label: change ? "Confirm the new address" : "Confirm my email", url: shopUrl(verifyEmailPath(token)) },
      { kind: "note", text: `The link works once, until ${mailTime(expiresAt)}. If you did not ask for this, ignore this mail: nothing changes.` },
    ],
  };
  return renderMail(content);
}

export function resetPasswordMail(token: string, expiresAt: Date): ReturnType<typeof renderMail> {
  return renderMail({
    subject: `Reset your ${SHOP_NAME} password`,
    heading: "Choose a new password",
    parts: [
      { kind: "text", text: "Someone (we hope you) asked to reset the password of your account. Choose a new one with this link." },
      { kind: "button", label: "Choose a new password", url: shopUrl(resetPasswordPath(token)) },
      { kind: "note", text: `The link works once, until ${mailTime(expiresAt)}. Setting a new password signs your account out on every device. If you did not ask for this, ignore this mail: your password stays as it is.` },
    ],
  });
}

/** To the old address when the account moved to a new one: the owner learns of a change they did not make. */
export function emailChangedMail(newEmail: string): ReturnType<typeof renderMail> {
  return renderMail({
    subject: `Your ${SHOP_NAME} account uses a new email address`,
    heading: "Your email address was changed",
    parts: [
      { kind: "text", text: `Your account now signs in with ${newEmail}. Mail about your orders goes there from now on.` },
      { kind: "note", text: "If you did not make this change, reply to this mail at once so we can secure your account." },
    ],
  });
}

import "server-only";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import type { OutgoingMail } from "./outbox";

// Mail that carries a credential (a one-time link, an activation code) is stored sealed: body
// and HTML encrypted with the secret box (lib/crypto/secret-box.ts), opened only to send
// (./delivery.ts), and replaced by SENT_SEALED_NOTE once the server accepted them, so the
// database never holds the credential in the clear (docs/mail.md).

/**
 * The key of the secret box. Read from the process environment (validated at start-up by
 * lib/env), as the order core does, so the worker and tests need no more.
 */
function mailKey(): string {
  const key = process.env.APP_ENCRYPTION_KEY;
  if (!key) throw new Error("APP_ENCRYPTION_KEY is not set: a mail carrying a credential cannot be sealed or opened");
  return key;
}

/** The mail with its body, HTML and QR text sealed, to queue with queueMail. */
export function sealMail(mail: Omit<OutgoingMail, "sealed">): OutgoingMail {
  const key = mailKey();
  const seal = (text: string | null | undefined) => (text == null ? null : sealSecret(text, key));
  return { ...mail, body: sealSecret(mail.body, key), html: seal(mail.html), qrText: seal(mail.qrText), sealed: true };
}

/** A stored body or HTML as it is sent. */
export function openMailText(row: { sealed: boolean }, text: string): string {
  return row.sealed ? openSecret(text, mailKey()) : text;
}

/** What a sealed mail's body becomes once sent: the credential is no longer kept anywhere. */
export const SENT_SEALED_NOTE = "(Not kept: this mail carried a one-time link or code, removed once it was sent.)";

// Email addresses, in one place: sign-in, sign-up, staff forms, ADMIN_EMAIL, the point of sale,
// the shop's pay forms and the order core all validate with this rule, so an address accepted
// at one door is accepted at every other (zod's `z.email()` requires a dot in the domain and
// would refuse `admin@localhost`, the first admin `npm start` creates). Pure (no
// server-only, no "@/" alias): the start script and browser code may import it.
import { z } from "zod";

export const EMAIL_MAX_LENGTH = 254; // RFC 5321's limit on a forward path, less its angle brackets
export const EMAIL_MESSAGE = "Enter a valid email address, like name@example.com.";

// The browser's own `<input type="email">` rule (HTML Living Standard, "valid email address"),
// so the server never refuses what the form let through, with the local part narrowed to an
// RFC 5321 dot-string of at most 64 characters (no leading, trailing or doubled dot) that mail
// servers accept. Single-label domains such as `localhost` are valid, as in the browser.
const ATEXT = "[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]";
const LOCAL_PART = `(?=[^@]{1,64}@)${ATEXT}+(?:\\.${ATEXT}+)*`;
const LABEL = "[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?";
const EMAIL_PATTERN = new RegExp(`^${LOCAL_PART}@${LABEL}(?:\\.${LABEL})*$`);

/**
 * The one form of an address the shop stores and looks up: trimmed and lower-cased. Accounts,
 * orders (`Order.customerEmail`), mailed links and counters all hold it, so "Ana@Example.com"
 * and "ana@example.com" are one address everywhere (docs/accounts.md).
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The rule as a zod field: normalizeEmail (accounts are looked up by the lower-cased
 * address), then checks length and shape. Every failure carries `message`; the environment
 * check words its messages differently from a form, hence the parameter.
 */
export function emailSchemaWith(message: string) {
  return z
    .string({ error: message })
    .transform(normalizeEmail)
    .pipe(z.string().max(EMAIL_MAX_LENGTH, { error: message }).regex(EMAIL_PATTERN, { error: message }));
}

/** A form or API field holding an email address: the normalised address, or the user message. */
export const emailSchema = emailSchemaWith(EMAIL_MESSAGE);

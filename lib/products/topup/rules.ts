// The journey's fixed rules and messages, shared by the browser (instant inline errors) and the
// server (the same rules again). A plain module: "use client" files cannot export values to
// server code.

/** The upstream's SMS notice fee (commerce-api-v2.md: 0.99 EUR); the review shows the quoted one. */
export const SMS_FEE_HINT_MINOR = 99;

/** The upstream's limit for `sms_text` (commerce-api-v2.md; checked again by the quote). */
export const SMS_TEXT_MAX = 140;

export const CONFIRM_MISMATCH = "This does not match the number above. Check both: a top-up sent to a wrong number cannot be undone.";
export const CONFIRM_EMPTY = "Type the number again to confirm it.";

// Structured logs (pino). Secrets never reach a log line: known secret-bearing keys are
// redacted wherever they appear, and IMEIs are masked by the callers that log them (maskImei).
import pino from "pino";

export const REDACTED_KEYS = [
  "authorization",
  "Authorization",
  "password",
  "passwordHash",
  "api_secret",
  "apiSecret",
  "secret",
  "token",
  "access_token",
  "refresh_token",
  "code_verifier",
  "SVC_KEY",
  "SVC_SECRET",
  "DSIM_KEY",
  "DSIM_SECRET",
  "cookie",
];

export const LOG_REDACTION = { paths: REDACTED_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]), censor: "[redacted]" };

export const logger = pino({ level: process.env.LOG_LEVEL ?? "info", redact: LOG_REDACTION, base: undefined });

/** Shows the first 6 and last 2 digits of an IMEI: enough to tell orders apart in logs. */
export function maskImei(imei: string): string {
  return imei.length <= 8
    ? "*".repeat(imei.length)
    : `${imei.slice(0, 6)}${"*".repeat(imei.length - 8)}${imei.slice(-2)}`;
}

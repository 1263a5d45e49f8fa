import { localizedPath, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { envSchema } from "@/lib/env-schema";

/**
 * A link into the shop for a mail: `path` on APP_URL, read from the process environment
 * (validated at start-up by lib/env), as the order core reads its other settings, so the order
 * core and the staff accounts stay importable by the worker and tests without the app's env.
 */
export function shopUrl(path: string): string {
  return new URL(path, envSchema.shape.APP_URL.parse(process.env.APP_URL || undefined)).toString();
}

/** The address buyers write to (the contact page, replies to mail): MAIL_FROM's address. */
export function supportAddress(): string {
  const from = envSchema.shape.MAIL_FROM.parse(process.env.MAIL_FROM || undefined);
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** A shop page for a reader in their language (`/es/orders/…` for Spanish). */
export function shopUrlIn(path: string, locale: Locale): string {
  return shopUrl(localizedPath(path, locale));
}

import "server-only";
import { env } from "@/lib/env";
import type { Mailer } from "./delivery";
import { smtpTransport } from "./transport";

// The app's mailer from the environment: SMTP_URL (set by `npm start` to its local mail catcher
// when unset), or none, and MAIL_FROM.
export function appMailer(): Mailer {
  return { transport: env.SMTP_URL ? smtpTransport(env.SMTP_URL) : null, from: env.MAIL_FROM };
}

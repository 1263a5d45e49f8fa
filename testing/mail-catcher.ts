// A real SMTP server for tests: MailDev (the same catcher `npm start` runs), in this process on
// free loopback ports, read through its REST API. Never a mocked transport.
import { MailDev } from "maildev";
import { freePort } from "./free-port";

export type CaughtAttachment = {
  contentId?: string;
  contentType: string;
  contentDisposition?: string;
  generatedFileName: string;
};

export type CaughtMail = {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  to: Array<{ address: string }>;
  from: Array<{ address: string; name?: string }>;
  messageId?: string;
  headers?: Record<string, string>;
  attachments?: CaughtAttachment[];
};

export type MailCatcher = {
  smtpUrl: string;
  smtpPort: number;
  /** Every mail received so far, oldest first. */
  mails: () => Promise<CaughtMail[]>;
  /** Waits until at least `count` mails arrived (or throws after `timeoutMs`, 20 s by default: a loaded machine is slow). */
  waitForMails: (count: number, timeoutMs?: number) => Promise<CaughtMail[]>;
  /** The bytes of the mail's inline image with this Content-ID, or null when it has none. */
  inlineImage: (mail: CaughtMail, contentId: string) => Promise<Buffer | null>;
  clear: () => Promise<void>;
  stop: () => Promise<void>;
};

export { freePort };

/** `auth`: the server accepts mail only from this user and password (to test a refusal). */
export async function startMailCatcher(
  options: { smtpPort?: number; auth?: { user: string; pass: string } } = {},
): Promise<MailCatcher> {
  const smtp = options.smtpPort ?? (await freePort());
  const web = await freePort();
  const maildev = new MailDev({
    smtp,
    web,
    ip: "127.0.0.1",
    webIp: "127.0.0.1",
    silent: true,
    maxEmails: 0,
    ...(options.auth && { incomingUser: options.auth.user, incomingPass: options.auth.pass }),
  });
  await maildev.start();
  const api = `http://127.0.0.1:${web}/api`;
  const mails = async () => (await (await fetch(`${api}/email`)).json()) as CaughtMail[];
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    smtpPort: smtp,
    mails,
    waitForMails: async (count, timeoutMs = 20_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const got = await mails();
        if (got.length >= count) return got;
        if (Date.now() > until) throw new Error(`expected ${count} mail(s), got ${got.length} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    inlineImage: (mail, contentId) => inlineImageOf(api, mail, contentId),
    clear: async () => {
      await fetch(`${api}/email/all`, { method: "DELETE" });
    },
    stop: () => maildev.stop(),
  };
}

/** The bytes of an inline image (`cid:`) of a mail MailDev holds at `api` (its REST API root). */
export async function inlineImageOf(api: string, mail: CaughtMail, contentId: string): Promise<Buffer | null> {
  const attachment = mail.attachments?.find((a) => a.contentId === contentId && a.contentDisposition === "inline");
  if (!attachment) return null;
  const response = await fetch(
    `${api}/email/${mail.id}/attachment/${encodeURIComponent(attachment.generatedFileName)}`,
  );
  if (!response.ok)
    throw new Error(`attachment ${attachment.generatedFileName} of mail ${mail.id}: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

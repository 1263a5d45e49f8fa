import nodemailer, { type Transporter } from "nodemailer";

// The SMTP transport (nodemailer) for SMTP_URL, one per process and URL. Without an SMTP
// server the shop still works: mail stays in the outbox (lib/mail/outbox.ts) for staff to read.

/** An image the HTML shows by `cid:` (an eSIM's QR code). */
export type InlineImage = { cid: string; filename: string; contentType: string; content: Buffer };

export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  messageId: string;
  inlineImages?: readonly InlineImage[];
};

/** Sends one message; resolves once the server accepted it, rejects with its refusal or a network error. */
export type MailTransport = { name: "smtp"; send: (message: MailMessage) => Promise<void> };

const transports = new Map<string, Transporter>();

export function smtpTransport(url: string): MailTransport {
  let transporter = transports.get(url);
  if (!transporter) {
    // Short timeouts: a mail server that hangs holds up only its own mail, which is retried.
    transporter = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    transports.set(url, transporter);
  }
  const sender = transporter;
  return {
    name: "smtp",
    send: async (message) => {
      await sender.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        messageId: message.messageId,
        attachments: message.inlineImages?.map((image) => ({
          cid: image.cid,
          filename: image.filename,
          contentType: image.contentType,
          content: image.content,
          contentDisposition: "inline" as const,
        })),
      });
    },
  };
}

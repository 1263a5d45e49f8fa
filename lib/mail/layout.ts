import { SHOP_NAME } from "@/lib/products";

// The shop's look for mail: one plain-text body and one HTML body built from the same parts, so
// the two never say different things. The HTML is a single table with inline styles (what mail
// clients keep), readable in light and dark: it declares both colour schemes and sets its own
// text and background colours, so a client that inverts colours inverts a whole, never half.

export type MailPart =
  | { kind: "text"; text: string }
  | { kind: "lines"; lines: ReadonlyArray<{ label: string; value: string }> }
  | { kind: "button"; label: string; url: string }
  | { kind: "note"; text: string }
  /** A titled, numbered list (install steps, unlock instructions). */
  | { kind: "steps"; title?: string; items: readonly string[] }
  /** A QR code of `text`, drawn when the mail is sent and carried inline (at most one per mail). */
  | { kind: "qr"; text: string; alt: string };

/** `locale`: the language the mail is written in (its HTML's `lang`); English when not given (staff mail). */
export type MailContent = { subject: string; heading: string; parts: readonly MailPart[]; locale?: string };

/** A time in a mail ("2026-11-26 14:30 UTC"): the reader's time zone is not known. */
export function mailTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The Content-ID the HTML uses for the mail's QR image (lib/mail/delivery.ts attaches it). */
export const QR_CONTENT_ID = "qr@reseller-shop";

export function renderMail(content: MailContent): {
  subject: string;
  body: string;
  html: string;
  qrText: string | null;
} {
  const qr = content.parts.find((part) => part.kind === "qr");
  return { subject: content.subject, body: plainText(content), html: html(content), qrText: qr?.text ?? null };
}

function plainText({ heading, parts }: MailContent): string {
  const blocks = parts.map((part) => {
    switch (part.kind) {
      case "text":
      case "note":
        return part.text;
      case "lines":
        return part.lines.map((line) => `${line.label}: ${line.value}`).join("\n");
      case "button":
        return `${part.label}: ${part.url}`;
      case "steps":
        return [...(part.title ? [part.title] : []), ...part.items.map((item, i) => `${i + 1}. ${item}`)].join("\n");
      case "qr":
        // Plain text cannot show an image; the same content is in the mail's lines.
        return null;
    }
  });
  return [heading, ...blocks.filter((block) => block !== null), `— ${SHOP_NAME}`].join("\n\n");
}

const INK = "#111827";
const MUTED = "#4b5563";
const PAPER = "#ffffff";
const ACCENT = "#1d4ed8";

function html({ subject, heading, parts, locale = "en" }: MailContent): string {
  const blocks = parts
    .map((part) => {
      switch (part.kind) {
        case "text":
          return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${INK}">${escapeHtml(part.text)}</p>`;
        case "note":
          return `<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:${MUTED}">${escapeHtml(part.text)}</p>`;
        case "lines":
          return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">${part.lines
            .map(
              (line) =>
                `<tr><td width="40%" style="width:40%;padding:6px 12px 6px 0;font-size:14px;color:${MUTED};vertical-align:top">${escapeHtml(line.label)}</td><td style="padding:6px 0;font-size:14px;color:${INK};word-break:break-word">${escapeHtml(line.value)}</td></tr>`,
            )
            .join("")}</table>`;
        case "steps":
          return `${part.title ? `<h2 style="margin:0 0 8px;font-size:16px;line-height:22px;color:${INK}">${escapeHtml(part.title)}</h2>` : ""}<ol style="margin:0 0 16px;padding-left:22px;font-size:14px;line-height:21px;color:${INK}">${part.items
            .map((item) => `<li style="margin:0 0 4px">${escapeHtml(item)}</li>`)
            .join("")}</ol>`;
        case "qr":
          // A white quiet zone around the code keeps it scannable in dark mode too.
          return `<p style="margin:0 0 16px"><img src="cid:${QR_CONTENT_ID}" width="240" height="240" alt="${escapeHtml(part.alt)}" style="display:block;width:240px;height:240px;padding:8px;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px"></p>`;
        case "button":
          return `<p style="margin:8px 0 24px"><a href="${escapeHtml(part.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${ACCENT};color:#ffffff;font-size:16px;font-weight:600;text-decoration:none">${escapeHtml(part.label)}</a></p>`;
      }
    })
    .join("\n");
  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${PAPER};border-radius:12px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<tr><td style="padding:24px 24px 0;font-size:14px;font-weight:700;letter-spacing:.04em;color:${ACCENT}">${escapeHtml(SHOP_NAME)}</td></tr>
<tr><td style="padding:8px 24px 24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;color:${INK}">${escapeHtml(heading)}</h1>
${blocks}
</td></tr>
</table>
</td></tr></table>
</body>
</html>`;
}

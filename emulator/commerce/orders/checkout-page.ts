import { formatMinor, ORDER_CURRENCY } from "./money";
import type { Checkout, CheckoutStatus } from "./records";

// The emulated hosted checkout: a plain HTML page with Pay and Cancel buttons (form POSTs,
// no JavaScript), so a browser test can click through it like a buyer would.

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
table{width:100%;border-collapse:collapse;margin:1rem 0}td{padding:.35rem 0;border-bottom:1px solid #e5e7eb}td:last-child{text-align:right}
button{font-size:1rem;padding:.6rem 1.4rem;margin-right:.5rem;border-radius:.4rem;border:1px solid #374151;cursor:pointer}
.pay{background:#166534;color:#fff;border-color:#166534}.note{color:#6b7280;font-size:.875rem}</style></head>
<body>${body}</body></html>`;
}

const STATUS_TEXT: Record<CheckoutStatus, string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  cancelled: "Cancelled",
  expired: "Expired",
};

export function checkoutPage(checkout: Checkout, status: CheckoutStatus, actionBase: string, message?: string): string {
  const { request } = checkout;
  const { pricing, product } = request;
  const row = (label: string, minor: number) =>
    `<tr><td>${label}</td><td>${formatMinor(minor)} ${ORDER_CURRENCY}</td></tr>`;
  const rows = [
    row("Amount", pricing.amountMinor),
    row("Service fee", pricing.serviceFeeMinor),
    pricing.smsFeeMinor > 0 ? row("SMS notification", pricing.smsFeeMinor) : "",
    `<tr><td><strong>Total</strong></td><td><strong>${formatMinor(pricing.totalMinor)} ${ORDER_CURRENCY}</strong></td></tr>`,
  ].join("");
  const actions =
    status === "awaiting_payment"
      ? `<form method="post" action="${actionBase}/pay" style="display:inline"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${actionBase}/cancel" style="display:inline"><button type="submit">Cancel</button></form>`
      : "";
  const result = checkout.orderId
    ? `<p>Order <strong data-order-id="${escapeHtml(checkout.orderId)}">${escapeHtml(checkout.orderId)}</strong> is being fulfilled.</p>`
    : "";
  return layout(
    `Checkout: ${product.productName}`,
    `<h1>Checkout</h1>
<p><strong>${escapeHtml(product.productName)}</strong><br>${escapeHtml(product.description)}</p>
${request.phone ? `<p>Recipient: ${escapeHtml(request.phone)}</p>` : ""}
<table>${rows}</table>
<p>Status: <strong data-status="${status}">${STATUS_TEXT[status]}</strong></p>
${message ? `<p role="alert">${escapeHtml(message)}</p>` : ""}${result}${actions}
<p class="note">Emulated hosted checkout: no card is charged. Expires ${new Date(checkout.expiresAt).toISOString()}.</p>`,
  );
}

export function notFoundPage(): string {
  return layout("Checkout not found", "<h1>Checkout not found</h1><p>This payment link is unknown.</p>");
}

export function redemptionPage(code: string, found: boolean): string {
  return found
    ? layout(
        "Gift card",
        `<h1>Gift card</h1><p>Redemption code: <strong data-code="${escapeHtml(code)}">${escapeHtml(code)}</strong></p><p class="note">Emulated redemption page.</p>`,
      )
    : layout("Unknown gift card", "<h1>Unknown gift card</h1>");
}

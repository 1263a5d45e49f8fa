// Delivered secrets taken out of stored webhook bodies. A commerce order event carries what the
// buyer bought: gift card codes and redemption URLs, eSIM LPA strings (also inside install and QR
// URLs), activation codes, PINs. Once the event is processed the order holds them (sealed or
// not, lib/orders/fulfillment.ts) and the receipt cannot be replayed, so its copy is only a
// second place to steal them from; rejected prefixes and duplicate copies never need them.

export const REDACTED = "[redacted]";

/** Field names whose values are delivered secrets: any name with one of these words (snake_case or camelCase). */
const SECRET_FIELD =
  /(^|_)(redemption|pin|lpa|activation|qr|install)(_|$)|^(redemption|pin|lpa|activation|qr|install)[A-Z]|[a-z](Redemption|Pin|Lpa|Activation|Qr|Install)([A-Z]|$)/;

export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}

/**
 * The body with every secret field's value replaced by "[redacted]". A body with nothing to
 * redact is returned unchanged (same bytes); a JSON body is re-serialized; anything else (a
 * truncated prefix) is redacted field by field in the text.
 */
export function redactDeliveredSecrets(rawBody: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return redactText(rawBody);
  }
  let changed = false;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (isSecretField(key) && inner !== null && inner !== REDACTED) {
        out[key] = REDACTED;
        changed = true;
      } else out[key] = walk(inner);
    }
    return out;
  };
  const redacted = walk(parsed);
  return changed ? JSON.stringify(redacted) : rawBody;
}

/** `"name": "value"` (or a number) where the value may be cut off by the end of a prefix. */
const TEXT_FIELD = /("([A-Za-z0-9_]+)"\s*:\s*)("(?:[^"\\]|\\.)*(?:"|\\?$)|-?[0-9][0-9.eE+-]*)/g;

function redactText(text: string): string {
  return text.replace(TEXT_FIELD, (match, head: string, name: string) =>
    isSecretField(name) ? `${head}"${REDACTED}"` : match,
  );
}

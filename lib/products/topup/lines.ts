import type { PurchaseLine } from "@/lib/orders/buyer-view";
import { formatPhone } from "@/lib/validation/phone";
import { readTopupDetail } from "./detail";
import { countryNameOf } from "./countries";

// What a top-up order bought, for the buyer (payment page, order page, account list). Its
// delivery is the shared fulfilment lines' "Delivery to the number" (lib/orders/buyer-view.ts).

const SERVICE_TYPE_TEXT: Record<string, string> = { airtime: "Airtime", data: "Data", bundle: "Bundle" };

/** "What you bought" rows for a top-up order; none for a detail that cannot be read. */
export function topupPurchaseLines(detail: unknown): PurchaseLine[] {
  const parsed = readTopupDetail(detail);
  if (!parsed) return [];
  const { phone, smsNotification, product } = parsed;
  const lines: PurchaseLine[] = [];
  if (product?.name) lines.push({ label: "Product", value: product.name });
  if (phone) lines.push({ label: "Phone number", value: formatPhone(phone) });
  if (product?.operator_name) {
    const country = product.country_iso ? countryName(product.country_iso) : undefined;
    lines.push({ label: "Operator", value: country ? `${product.operator_name}, ${country}` : product.operator_name });
  }
  if (product?.service_type)
    lines.push({ label: "Type", value: SERVICE_TYPE_TEXT[product.service_type] ?? product.service_type });
  lines.push({ label: "SMS to the recipient", value: smsNotification ? "Yes" : "No" });
  return lines;
}

function countryName(iso: string): string | undefined {
  try {
    return countryNameOf(iso);
  } catch {
    return undefined;
  }
}

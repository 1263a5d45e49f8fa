import { createTranslator } from "use-intl/core";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { INTL_LOCALE } from "@/lib/i18n/formats";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor, type Messages } from "@/lib/i18n/messages";
import type { PurchaseLine } from "@/lib/orders/buyer-view";
import { SUFFIX_FLAGS } from "@/lib/validation/imei";
import { readEsimDetail } from "./esim/detail";
import { readGiftcardDetail } from "./giftcard/detail";
import { formatFaceValue } from "./giftcard/face-value";
import { FULL_REPORT_LABEL } from "./imeicheck/lines";
import { PRODUCT_MODULES } from "./registry";
import { readTopupDetail } from "./topup/detail";
import { readUnlockDetail } from "./unlock/detail";

// What the buyer is buying, in a few labelled lines (number and operator, brand and value,
// destination and plan, device and IMEI): the same on the payment page and the order page.
// Each product writes its lines (its module's `lines.purchase`).

/** The lines in the buyer's language (English, the products' own words, by default: receipts and staff). */
export function purchaseLines(productType: ProductType, detail: unknown, locale: Locale = "en"): PurchaseLine[] {
  const lines = PRODUCT_MODULES[productType].lines.purchase(detail);
  return locale === "en" ? lines : inLanguage(lines, detail, locale);
}

// Each product writes its lines in English (lib/products/<product>/lines.ts); another language
// renames them here, by their English label, so each product keeps its one rule for which lines
// exist. purchase-lines.test.ts fails on a label this table does not know.
type LabelKey = keyof Messages["OrderPurchase"]["label"];
const LABEL_KEYS: Record<string, LabelKey> = {
  Product: "product",
  "Phone number": "phone",
  Operator: "operator",
  Type: "type",
  "SMS to the recipient": "sms",
  Destination: "destination",
  Data: "data",
  "Valid for": "validFor",
  Brand: "brand",
  Country: "country",
  "Card value": "cardValue",
  IMEI: "imei",
  Report: "report",
  Device: "device",
  "Locked to": "lockedTo",
  Service: "service",
  "Extra details given": "extraDetails",
};

const SERVICE_TYPES = ["airtime", "data", "bundle"] as const;
const isServiceType = (value: string): value is (typeof SERVICE_TYPES)[number] =>
  (SERVICE_TYPES as readonly string[]).includes(value);

const regionNames = new Map<Locale, Intl.DisplayNames>();
function countryName(iso: string, locale: Locale): string | undefined {
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([INTL_LOCALE[locale]], { type: "region" })));
  try {
    return names.of(iso.toUpperCase());
  } catch {
    return undefined;
  }
}

function inLanguage(lines: PurchaseLine[], detail: unknown, locale: Locale): PurchaseLine[] {
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "OrderPurchase" });
  // The values the shop words or formats itself, worked out again from the detail; names and
  // numbers from the catalogs (operators, brands, destinations, IMEIs) stay as they are.
  const value = (label: string, english: string): string => {
    switch (label) {
      case "Type": {
        const type = readTopupDetail(detail)?.product?.service_type;
        return type && isServiceType(type) ? t(`serviceType.${type}`) : english;
      }
      case "SMS to the recipient":
        return readTopupDetail(detail)?.smsNotification ? t("yes") : t("no");
      case "Operator": {
        const product = readTopupDetail(detail)?.product;
        const country = product?.country_iso ? countryName(product.country_iso, locale) : undefined;
        return product?.operator_name && country ? `${product.operator_name}, ${country}` : english;
      }
      case "Data": {
        const esim = readEsimDetail(detail);
        if (!esim) return english;
        return esim.unlimited || esim.dataGb === null || esim.dataGb === undefined
          ? t("unlimited")
          : `${new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 2 }).format(esim.dataGb)} GB`;
      }
      case "Valid for": {
        const days = readEsimDetail(detail)?.validityDays;
        return days ? t("days", { count: days }) : english;
      }
      case "Card value": {
        const card = readGiftcardDetail(detail)?.giftcard;
        return card?.faceValueMinor !== undefined && card?.faceValueMinor !== null && card.faceCurrency
          ? formatFaceValue(card.faceValueMinor, card.faceCurrency.toUpperCase(), locale)
          : english;
      }
      case "Report":
        return english === FULL_REPORT_LABEL ? t("fullReport") : english;
      case "Extra details given": {
        const suffixes = readUnlockDetail(detail).suffixes;
        return (
          SUFFIX_FLAGS.filter((flag) => suffixes?.[flag])
            .map((flag) => t(`suffix.${flag}`))
            .join(", ") || english
        );
      }
      default:
        return english;
    }
  };
  return lines.map((line) => {
    const key = LABEL_KEYS[line.label];
    return { label: key ? t(`label.${key}`) : line.label, value: value(line.label, line.value) };
  });
}

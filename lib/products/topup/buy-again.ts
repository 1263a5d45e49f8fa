import "server-only";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { readTopupDetail } from "./detail";
import { loadOperatorOffer } from "./offer";
import { sameRate } from "./same-rate";
import { operatorHref } from "./urls";

// "Top up again" (docs/accounts.md, "Buy again and saved numbers"): the review of the same
// number, operator and amount, at today's price. Rate tokens change with the catalog, so the
// earlier rate is found by its token if it is still offered, else by its product name within the
// same service type; if the operator does not offer it today, the buyer chooses an amount for
// the same number.

/** Where "Top up again" leads for a top-up order's detail; null when the detail names no operator or number. */
export async function topupAgainHref(detail: unknown, locale: Locale = DEFAULT_LOCALE): Promise<string | null> {
  const topup = readTopupDetail(detail);
  if (!topup?.operator || !topup.phone) return null;
  const { operator, phone } = topup;
  const sms = topup.smsNotification ? "1" : undefined;
  const offer = await loadOperatorOffer(operator.id, locale);
  if (!offer.ok) return operatorHref(operator.countryCode, operator.id, operator.name, { phone });
  const choice = sameRate(offer.value.choices, {
    token: topup.priceToken,
    productName: topup.product?.name,
    serviceType: topup.product?.service_type,
  });
  return operatorHref(offer.value.countryCode, offer.value.operatorId, offer.value.operatorName, {
    phone,
    ...(choice && { rate: choice.token, sms }),
  });
}

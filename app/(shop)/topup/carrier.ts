import "server-only";
import { countryNameOf } from "@/components/shop/topup/countries";
import type { OperatorSummary } from "@/components/shop/topup/types";
import { catalogImageUrl } from "@/lib/catalog/images";
import { carrierLookup } from "@/lib/catalog/topup";
import { logger } from "@/lib/log";
import { isUpstreamError } from "@/lib/upstream/errors";

// The operator the upstream finds for a number (cached a day per number, keyed by a hash).
// "refused" means the upstream said no to the number itself (not a mobile, a country it does
// not serve, not a number at all): the buyer must change it. "unavailable" means it could not
// be asked: a page that already knows the operator goes on without the detection.

export type CarrierResult =
  | { ok: true; carrier: OperatorSummary }
  | { ok: false; kind: "refused"; error: string }
  | { ok: false; kind: "unavailable"; error: string };

const NUMBER_REFUSALS = new Set(["INVALID_PHONE", "INVALID_PHONE_NUMBER", "NOT_A_MOBILE_NUMBER", "PHONE_COUNTRY_MISMATCH", "COUNTRY_NOT_SUPPORTED", "VALIDATION_ERROR"]);

export async function lookupCarrier(e164: string): Promise<CarrierResult> {
  try {
    const carrier = (await carrierLookup(e164)).value;
    return {
      ok: true,
      carrier: {
        operatorId: carrier.id_operator,
        operatorName: carrier.operator_name,
        countryCode: carrier.iso_short_code,
        countryName: countryNameOf(carrier.iso_short_code, carrier.country_name),
        logoUrl: catalogImageUrl(carrier.img),
      },
    };
  } catch (error) {
    if (isUpstreamError(error)) {
      // By code, not status: a failure the cache recorded moments ago comes back with its code.
      const refused = NUMBER_REFUSALS.has(error.canonicalCode);
      return { ok: false, kind: refused ? "refused" : "unavailable", error: error.userMessage };
    }
    logger.error({ err: error }, "carrier lookup failed");
    return { ok: false, kind: "unavailable", error: "We could not look up this number just now. Please try again in a moment." };
  }
}

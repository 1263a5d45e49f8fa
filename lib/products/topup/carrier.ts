import "server-only";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { countryNameOf } from "./countries";
import type { OperatorSummary } from "./types";
import { catalogImageUrl } from "@/lib/catalog/images";
import { CATALOG_RESOURCES } from "@/lib/catalog/lifetimes";
import { carrierLookup, carrierLookupKey, topupProduct } from "@/lib/catalog/topup";
import { loadRead } from "@/lib/catalog/loaded";
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { db } from "@/lib/db";
import { requestVisitor } from "@/lib/security/request-visitor";
import { limitVisitor } from "@/lib/security/visitor-limits";
import { userFailureOf } from "@/lib/errors/user-message";

// The operator the upstream finds for a number (cached a day per number, keyed by a hash).
// "refused" means the upstream said no to the number itself (not a mobile, a country it does
// not serve, not a number at all): the buyer must change it. "unavailable" means it could not
// be asked: a page that already knows the operator goes on without the detection.

export type CarrierResult =
  | { ok: true; carrier: OperatorSummary }
  | { ok: false; kind: "refused"; error: string }
  | { ok: false; kind: "unavailable"; error: string };

const NUMBER_REFUSALS = new Set([
  "INVALID_PHONE",
  "INVALID_PHONE_NUMBER",
  "NOT_A_MOBILE_NUMBER",
  "PHONE_COUNTRY_MISMATCH",
  "COUNTRY_NOT_SUPPORTED",
  "VALIDATION_ERROR",
]);

// A lookup the cache cannot answer costs an upstream call, so it spends one point of the
// visitor's carrier limit (lib/security/visitor-limits.ts; docs/security.md, finding 2); over
// the limit the lookup is "unavailable" with a "try again in N seconds" message. Outside a
// request (scripts) there is no visitor and no limit.

/** A cached answer (fresh, or one the cache still serves while it refreshes) asks nothing of the upstream. */
async function answeredByCache(e164: string): Promise<boolean> {
  const row = await db.catalogCacheEntry.findUnique({
    where: { key: carrierLookupKey(e164) },
    select: { fetchedAt: true, value: true },
  });
  return (
    !!row?.value &&
    !!row.fetchedAt &&
    Date.now() - row.fetchedAt.getTime() <= CATALOG_RESOURCES["topup.carrier-lookup"].serveStaleForMs
  );
}

async function currentVisitor(): Promise<string | null> {
  try {
    return await requestVisitor();
  } catch {
    return null;
  }
}

const LOOKUP_FAILED = "We could not look up this number just now. Please try again in a moment.";

async function operatorNameOf(operatorId: string): Promise<string | undefined> {
  const detail = await loadRead(() => topupProduct(operatorId), "top-up operator");
  return detail.ok ? detail.value.operator_name : undefined;
}

/** `fallback` is shown when the failure is not the upstream's (a buyer page's, in its language). */
export async function lookupCarrier(
  e164: string,
  fallback = LOOKUP_FAILED,
  locale: Locale = DEFAULT_LOCALE,
): Promise<CarrierResult> {
  try {
    const visitor = await currentVisitor();
    if (visitor !== null && !(await answeredByCache(e164))) {
      const verdict = await limitVisitor(db, "carrier", visitor);
      if (!verdict.allowed) return { ok: false, kind: "unavailable", error: verdict.message };
    }
    const carrier = (await carrierLookup(e164)).value;
    // C§4 promises the operator id; its name and country are upstream-notes' fields: without
    // them, the operator detail's name and the number's own country.
    const countryCode = carrier.iso_short_code ?? parsePhoneNumberFromString(e164)?.country?.toLowerCase();
    const operatorName = carrier.operator_name ?? (await operatorNameOf(carrier.id_operator));
    if (!countryCode || !operatorName) return { ok: false, kind: "unavailable", error: fallback };
    return {
      ok: true,
      carrier: {
        operatorId: carrier.id_operator,
        operatorName,
        countryCode,
        countryName: countryNameOf(countryCode, carrier.country_name, locale),
        logoUrl: catalogImageUrl(carrier.img),
      },
    };
  } catch (error) {
    const failure = userFailureOf(error, "carrier lookup", fallback);
    // By code, not status: a failure the cache recorded moments ago comes back with its code.
    const refused = failure.code !== undefined && NUMBER_REFUSALS.has(failure.code);
    return { ok: false, kind: refused ? "refused" : "unavailable", error: failure.error };
  }
}

import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "zod";
import type { CommerceCatalog, CommerceType } from "../priced-product";
import type { Failure } from "./errors";
import { priceOf } from "./pricing";
import type { CheckoutMode, OrderRequest } from "./records";

// The create/preview body (spec section 2 + upstream-notes "Order request"). Null counts as
// absent, so clients that serialise every field as null are not punished.

export const orderBodySchema = z.object({
  price_token: z.string().min(1).max(2_000),
  phone: z.string().max(32).nullish(),
  catalog_id: z.string().min(1).max(200).nullish(),
  lang: z
    .string()
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/, "lang must be a language tag such as en or pt-BR")
    .nullish(),
  sms_notification: z.boolean().nullish(),
  sms_text: z.string().max(140, "sms_text is at most 140 characters").nullish(),
  checkout_mode: z.enum(["credits", "payment_link"]).nullish(),
});

export type OrderBody = z.infer<typeof orderBodySchema>;

export type ParsedBody = { ok: true; body: OrderBody } | { ok: false; failure: Failure };

export function parseOrderBody(raw: unknown): ParsedBody {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    return { ok: false, failure: { code: "INVALID_JSON", message: "The request body must be a JSON object" } };
  }
  const parsed = orderBodySchema.safeParse(raw);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({
      field: issue.path.join(".") || "(body)",
      message: issue.message,
    }));
    return {
      ok: false,
      failure: {
        code: "VALIDATION_ERROR",
        message: details.map((d) => `${d.field}: ${d.message}`).join("; "),
        extra: { details },
      },
    };
  }
  return { ok: true, body: parsed.data };
}

const E164 = /^\+[1-9]\d{6,14}$/;

/** E.164, a valid number (unless it is one of the catalog's special sandbox numbers), and the product's country. */
function checkPhone(phone: string, productCountry: string, catalog: CommerceCatalog): Failure | null {
  if (!E164.test(phone)) return { code: "INVALID_PHONE", message: "phone must be in E.164 form, e.g. +447400123456" };
  const special = catalog.outcomeForPhone(phone) !== "fulfill";
  const parsed = parsePhoneNumberFromString(phone);
  if (!special && (!parsed || !parsed.isValid()))
    return { code: "INVALID_PHONE", message: `${phone} is not a valid phone number` };
  const iso = productCountry.toUpperCase();
  if (!special && parsed && isSupportedCountry(iso) && getCountryCallingCode(iso) !== parsed.countryCallingCode) {
    return {
      code: "PHONE_COUNTRY_MISMATCH",
      message: `${phone} is not a number of the operator's country (${productCountry}); look the carrier up first`,
    };
  }
  return null;
}

export type ValidatedOrder =
  { ok: true; request: OrderRequest; checkoutMode: CheckoutMode | null } | { ok: false; failure: Failure };

/**
 * Resolves the token and checks the body against the product it names: phone for top-ups,
 * catalog_id for eSIM, nothing else for gift cards; the SMS fee is a top-up option.
 */
export function validateOrder(
  body: OrderBody,
  options: { catalog: CommerceCatalog; now: number; only?: CommerceType; esimEnabled: boolean },
): ValidatedOrder {
  const fail = (failure: Failure): ValidatedOrder => ({ ok: false, failure });
  const resolved = options.catalog.resolveToken(body.price_token, options.now);
  if (!resolved.ok) {
    return resolved.reason === "expired"
      ? fail({
          code: "PRICE_TOKEN_EXPIRED",
          message: "The price token has expired",
          extra: { next_step: "Fetch the catalog again for a fresh price_token" },
        })
      : fail({
          code: "INVALID_PRICE_TOKEN",
          message: "The price token is not valid",
          extra: { next_step: "Copy price_token from a catalog response" },
        });
  }
  const product = resolved.product;
  if (options.only && product.type !== options.only) {
    return fail({
      code: "PRICE_TOKEN_TYPE_MISMATCH",
      message: `This endpoint takes ${options.only} price tokens; the token is a ${product.type} token`,
    });
  }
  if (product.type === "esim" && !options.esimEnabled) {
    return fail({ code: "ESIM_DISABLED", message: "Travel eSIM is not offered on this host" });
  }

  const phone = body.phone ?? null;
  const catalogId = body.catalog_id ?? null;
  if (product.type === "topup") {
    if (!phone) return fail({ code: "PHONE_REQUIRED", message: "A top-up needs the recipient phone (E.164)" });
    const phoneProblem = checkPhone(phone, product.countryIso, options.catalog);
    if (phoneProblem) return fail(phoneProblem);
    if (catalogId) return fail({ code: "UNEXPECTED_FIELD", message: "catalog_id is for eSIM orders only" });
  } else {
    if (phone)
      return fail({
        code: "UNEXPECTED_FIELD",
        message: `phone is for top-up orders only; ${product.type} bodies do not carry it`,
      });
    if (product.type === "esim") {
      if (!catalogId)
        return fail({ code: "CATALOG_ID_REQUIRED", message: "An eSIM order needs the plan's catalog_id" });
      if (catalogId !== product.catalogId) {
        return fail({
          code: "CATALOG_ID_MISMATCH",
          message: `catalog_id ${catalogId} is not the plan of this price token`,
        });
      }
    } else if (catalogId) {
      return fail({ code: "UNEXPECTED_FIELD", message: "Gift card bodies carry price_token only" });
    }
  }
  const smsNotification = body.sms_notification ?? false;
  if (smsNotification && product.type !== "topup") {
    return fail({ code: "SMS_NOT_AVAILABLE", message: "The SMS notification is a top-up option" });
  }

  return {
    ok: true,
    checkoutMode: body.checkout_mode ?? null,
    request: {
      product,
      phone,
      lang: body.lang ?? null,
      smsNotification,
      smsText: body.sms_text ?? null,
      pricing: priceOf(product, smsNotification),
    },
  };
}

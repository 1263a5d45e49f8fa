import { getExampleNumber, type CountryCode } from "libphonenumber-js/max";
import mobileExamples from "libphonenumber-js/mobile/examples";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { COMMERCE_PRODUCT_TYPES } from "@/lib/products/registry";
import type { CommerceClient } from "../commerce/client";
import { isUpstreamError, UpstreamError } from "../errors";
import type { UnlockClient } from "../unlock/client";

// The go-live check's list: every read-only call the shop depends on, once each (docs/admin.md
// "Go-live check"), asked as the shop's catalog reads ask it (lib/catalog/*.ts: same client
// function, same query, first page only). Nothing here spends credits: no preview, no order, no
// IMEI check. A check that needs an id (one country's operators, one operator's rates …) takes
// it from an earlier answer, the way a buyer's journey does; it is skipped when that one failed.

export type CheckContext = {
  commerce: CommerceClient;
  unlock: UnlockClient;
  /** The OAuth discovery of the commerce API, when the connection is OAuth (else null: not checked). */
  oauthMetadata: (() => Promise<unknown>) | null;
  /** Why IMEI checks cannot be sent with the unlocking account in use (null: they can); no call is made. */
  imeiCheckSetup?: () => Promise<string | null>;
  /** How the shop runs, which decides what some calls are needed for. */
  shop: {
    /** COMMERCE_CHECKOUT_MODE: only "credits" reads the balance (C§4: PRO only). */
    checkoutMode: "credits" | "payment_link";
    /** COMMERCE_WEBHOOKS on: the shop keeps its subscription (C§4: PRO only). */
    webhooks: boolean;
    /** ORDER_POLLING on: orders are followed without order events too. */
    polling: boolean;
  };
};

/** What earlier checks answered, by check id (only the ones that passed). */
export type Answers = Record<string, unknown>;

export type Check = {
  id: string;
  /** As a person reads it: "GET /v2/topup/operators?country={iso}". */
  endpoint: string;
  api: "commerce" | "unlock" | "oauth";
  /** The products that cannot be sold when this call fails (for this shop's settings). */
  products: ProductType[] | ((context: CheckContext) => ProductType[]);
  /** Checks whose answers this one takes its sample from. */
  needs?: string[];
  /** Left out of the run (and the table) when the shop does not make this call. */
  applies?: (context: CheckContext) => boolean;
  /**
   * Calls the client function the shop itself uses (so its zod schema judges the answer).
   * Returns the data later checks pick from, or `noSample` when an earlier answer (rightly)
   * listed nothing to ask about: not a failure, the table says what was not checked.
   */
  run: (context: CheckContext, answers: Answers) => Promise<{ data: unknown } | { noSample: string }>;
};

/** The products bought through the commerce API: a failing account call stops them all. */
const COMMERCE_PRODUCTS: ProductType[] = [...COMMERCE_PRODUCT_TYPES];

type Operator = { id_operator: string | number; id_parent?: string | number | null };
type Country = { iso_short_code: string; operators_count?: number; brands_count?: number };

const ran = async (data: Promise<unknown>) => ({ data: await data });
const first = <T>(list: T[] | undefined, prefer: (item: T) => boolean = () => true): T | undefined =>
  list?.find(prefer) ?? list?.[0];
const items = <T>(answer: unknown) => (answer as { items: T[] }).items;

/** A country with something to sell, the way a buyer would choose one. */
const sampleCountry = (answer: unknown, count: (c: Country) => number | undefined) =>
  first(items<Country>(answer), (c) => (count(c) ?? 1) > 0)?.iso_short_code;

/** What the lookup answers about a number it will not look up (lib/products/topup/carrier.ts words them for buyers). */
const SAMPLE_NUMBER_REFUSALS = new Set([
  "INVALID_PHONE",
  "INVALID_PHONE_NUMBER",
  "NOT_A_MOBILE_NUMBER",
  "PHONE_COUNTRY_MISMATCH",
  "COUNTRY_NOT_SUPPORTED",
]);

/** The country's example mobile number (libphonenumber's metadata), so the lookup asks about a real range. */
function sampleMobileNumber(iso: string): string | undefined {
  try {
    return getExampleNumber(iso.toUpperCase() as CountryCode, mobileExamples)?.number;
  } catch {
    return undefined;
  }
}

export const CHECKS: Check[] = [
  // ---- commerce: the account
  {
    id: "status",
    endpoint: "GET /v2/status",
    api: "commerce",
    products: COMMERCE_PRODUCTS,
    run: ({ commerce }) => ran(commerce.getStatus()),
  },
  {
    id: "balance",
    endpoint: "GET /v2/balance",
    api: "commerce",
    products: COMMERCE_PRODUCTS,
    applies: ({ shop }) => shop.checkoutMode === "credits",
    run: ({ commerce }) => ran(commerce.getBalance()),
  },
  {
    id: "oauth-metadata",
    endpoint: "OAuth discovery (protected resource and authorization server metadata)",
    api: "oauth",
    products: COMMERCE_PRODUCTS,
    applies: ({ oauthMetadata }) => oauthMetadata !== null,
    run: async ({ oauthMetadata }) => ran(oauthMetadata!()),
  },
  // With polling on, orders are followed without their events: a failing list stops no product.
  {
    id: "webhooks",
    endpoint: "GET /v2/webhooks",
    api: "commerce",
    products: ({ shop }) => (shop.polling ? [] : COMMERCE_PRODUCTS),
    applies: ({ shop }) => shop.webhooks,
    run: ({ commerce }) => ran(commerce.listWebhooks()),
  },

  // ---- top-ups
  {
    id: "topup-countries",
    endpoint: "GET /v2/topup/countries",
    api: "commerce",
    products: ["topup"],
    run: ({ commerce }) => ran(commerce.listTopupCountries({ limit: 100 })),
  },
  {
    id: "topup-operators",
    endpoint: "GET /v2/topup/operators?country={iso}",
    api: "commerce",
    products: ["topup"],
    needs: ["topup-countries"],
    run: async ({ commerce }, answers) => {
      const country = sampleCountry(answers["topup-countries"], (c) => c.operators_count);
      return country
        ? ran(commerce.listTopupOperators({ country: country.toLowerCase() }))
        : { noSample: "no top-up country listed" };
    },
  },
  ...(["rates", "service-types", "product"] as const).map((kind): Check => ({
    id: `topup-operator-${kind}`,
    endpoint: kind === "product" ? "GET /v2/topup/products/{operator_id}" : `GET /v2/topup/operators/{id}/${kind}`,
    api: "commerce",
    products: ["topup"],
    needs: ["topup-operators"],
    run: async ({ commerce }, answers) => {
      const operator = first(answers["topup-operators"] as Operator[], (o) => !o.id_parent)?.id_operator;
      if (operator === undefined) return { noSample: "the sample country lists no operator" };
      if (kind === "rates") return ran(commerce.getOperatorRates(operator));
      if (kind === "service-types") return ran(commerce.listOperatorServiceTypes(operator));
      return ran(commerce.getTopupProduct(operator));
    },
  })),
  {
    id: "topup-search",
    endpoint: "GET /v2/topup/products/search?country={iso}",
    api: "commerce",
    products: ["topup"],
    needs: ["topup-countries"],
    run: async ({ commerce }, answers) => {
      const country = sampleCountry(answers["topup-countries"], (c) => c.operators_count);
      return country
        ? ran(commerce.searchTopupProducts({ country: country.toLowerCase(), limit: 100 }))
        : { noSample: "no top-up country listed" };
    },
  },
  {
    id: "topup-promotions",
    endpoint: "GET /v2/topup/promotions",
    api: "commerce",
    products: ["topup"],
    run: ({ commerce }) => ran(commerce.listTopupPromotions({ limit: 100 })),
  },
  {
    id: "topup-carrier",
    endpoint: "GET /v2/topup/carriers/lookup/{phone}",
    api: "commerce",
    products: ["topup"],
    needs: ["topup-countries"],
    run: async ({ commerce }, answers) => {
      const country = sampleCountry(answers["topup-countries"], (c) => c.operators_count);
      const phone = country ? sampleMobileNumber(country) : undefined;
      if (!phone) return { noSample: "no example mobile number for the sample country" };
      try {
        return await ran(commerce.lookupCarrier(phone));
      } catch (error) {
        // A refusal of the sample number itself is an answer of the contract, not a break of it.
        if (isUpstreamError(error) && error.kind === "api" && SAMPLE_NUMBER_REFUSALS.has(error.canonicalCode))
          return { noSample: `the sample number was refused (${error.code})` };
        throw error;
      }
    },
  },

  // ---- eSIMs
  {
    id: "esim-destinations",
    endpoint: "GET /v2/esim/destinations",
    api: "commerce",
    products: ["esim"],
    run: ({ commerce }) => ran(commerce.listEsimDestinations({ limit: 100 })),
  },
  {
    id: "esim-products",
    endpoint: "GET /v2/esim/products?country_iso={iso}",
    api: "commerce",
    products: ["esim"],
    needs: ["esim-destinations"],
    run: async ({ commerce }, answers) => {
      const destination = first(
        items<{ country_iso: string; plans_count?: number }>(answers["esim-destinations"]),
        (d) => (d.plans_count ?? 1) > 0,
      )?.country_iso;
      return destination
        ? ran(commerce.listEsimProducts({ country_iso: destination.toLowerCase(), limit: 100 }))
        : { noSample: "no eSIM destination listed" };
    },
  },
  {
    id: "esim-product",
    endpoint: "GET /v2/esim/products/{catalog_id}",
    api: "commerce",
    products: ["esim"],
    needs: ["esim-products"],
    run: async ({ commerce }, answers) => {
      const plan = first(items<{ catalog_id: string }>(answers["esim-products"]))?.catalog_id;
      return plan ? ran(commerce.getEsimProduct(plan)) : { noSample: "the sample destination lists no plan" };
    },
  },

  // ---- gift cards
  {
    id: "giftcard-countries",
    endpoint: "GET /v2/giftcards/countries",
    api: "commerce",
    products: ["giftcard"],
    run: ({ commerce }) => ran(commerce.listGiftcardCountries({ limit: 100 })),
  },
  {
    id: "giftcard-brands",
    endpoint: "GET /v2/giftcards/brands?country={iso}",
    api: "commerce",
    products: ["giftcard"],
    needs: ["giftcard-countries"],
    run: async ({ commerce }, answers) => {
      const country = sampleCountry(answers["giftcard-countries"], (c) => c.brands_count);
      return country
        ? ran(commerce.listGiftcardBrands({ country: country.toLowerCase(), limit: 100 }))
        : { noSample: "no gift card country listed" };
    },
  },
  ...(["brand-products", "product"] as const).map((kind): Check => ({
    id: `giftcard-${kind}`,
    endpoint:
      kind === "product" ? "GET /v2/giftcards/products/{operator_id}" : "GET /v2/giftcards/brands/{id}/products",
    api: "commerce",
    products: ["giftcard"],
    needs: ["giftcard-brands"],
    run: async ({ commerce }, answers) => {
      const brand = first(items<Operator>(answers["giftcard-brands"]))?.id_operator;
      if (brand === undefined) return { noSample: "the sample country lists no brand" };
      return ran(kind === "product" ? commerce.getGiftcardProduct(brand) : commerce.getGiftcardBrandProducts(brand));
    },
  })),

  // ---- unlocking API (the IMEI check needs only the connection: /countries is the free call that proves it)
  {
    id: "unlock-countries",
    endpoint: "GET /countries",
    api: "unlock",
    products: ["unlock", "imeicheck"],
    run: ({ unlock }) => ran(unlock.countries()),
  },
  {
    id: "unlock-networks",
    endpoint: "GET /networks/{country_id}",
    api: "unlock",
    products: ["unlock"],
    needs: ["unlock-countries"],
    run: async ({ unlock }, answers) => {
      const country = first(answers["unlock-countries"] as Array<{ id: number }>)?.id;
      return country === undefined ? { noSample: "no country listed" } : ran(unlock.networks(country));
    },
  },
  {
    id: "unlock-brands",
    endpoint: "GET /brands",
    api: "unlock",
    products: ["unlock"],
    run: ({ unlock }) => ran(unlock.brands()),
  },
  {
    id: "unlock-devices",
    endpoint: "GET /devices/{brand_id}",
    api: "unlock",
    products: ["unlock"],
    needs: ["unlock-brands"],
    run: async ({ unlock }, answers) => {
      const brand = first(answers["unlock-brands"] as Array<{ id: number }>)?.id;
      return brand === undefined ? { noSample: "no brand listed" } : ran(unlock.devices(brand));
    },
  },
  {
    id: "unlock-tools",
    endpoint: "GET /tools/{device_id}/{network_id}",
    api: "unlock",
    products: ["unlock"],
    needs: ["unlock-devices", "unlock-networks"],
    run: async ({ unlock }, answers) => {
      const device = first(answers["unlock-devices"] as Array<{ id: number }>)?.id;
      const network = first(answers["unlock-networks"] as Array<{ id: number }>)?.id;
      return device === undefined || network === undefined
        ? { noSample: "no device or network listed" }
        : ran(unlock.tools(device, network));
    },
  },
  {
    // Not a call: /imeicheck spends credits. A production account needs the hash settings
    // (U§4; docs/upstream-contract.md "Unlocking API"), or every check would be refused.
    id: "imeicheck-hash",
    endpoint: "IMEI check hash settings (POST /imeicheck/{imei}/{hash}: not called)",
    api: "unlock",
    products: ["imeicheck"],
    applies: (context) => context.imeiCheckSetup !== undefined,
    run: async (context) => {
      const problem = await context.imeiCheckSetup!();
      if (problem) throw new UpstreamError({ api: "unlock", kind: "config", code: "NOT_CONFIGURED", message: problem });
      return { data: null };
    },
  },
];

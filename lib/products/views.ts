import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import type { Messages } from "@/lib/i18n/messages";
import type { Margin } from "@/lib/pricing/retail";
import type { CatalogClaims } from "./catalog-claims";

// What pages and components show of each product, in the browser as well as on the server: data
// only (no catalog, no database, no server-only module), so client components may import it.
// One view per ProductType (the compiler names a missing one); the server's side of each product
// is its module (./registry.ts). The React parts (icon, order page sections, point of sale
// forms) are looked up by product type in components/products/ and the pages named there.

type PriceLabel = keyof Messages["CheckoutPrice"];
type HomeKey = keyof Messages["Home"];

export type ProductView = {
  /** The product's storefront page. */
  href: string;
  /** The price row's label on the order page and on the payment page ("CheckoutPrice"). */
  amountLabel: { order: PriceLabel; pay: PriceLabel };
  /** What the home page says the catalog holds ("Operators in 42 countries"); null when nothing is known. */
  claim: (claims: CatalogClaims) => { key: HomeKey; values: Record<string, number> } | null;
  staff: {
    /** Staff may read the order's status from the supplier again ("Refresh from supplier"). */
    refresh: boolean;
    /** The unlocking API's order actions (finish now, cancel, fetch instructions). */
    unlockActions: boolean;
    /** What "Retry placement" risks when the supplier's API cannot tell whether an attempt reached it; null: the shop's lookup decides. */
    blindRetry: string | null;
  };
  /** The point of sale's tab. */
  pos: { label: string };
  /** The margin used while staff have set none (lib/pricing/margin.ts): the seed's, so a product never sells at cost. */
  defaultMargin: Margin;
};

const blindRetry = (what: string) =>
  `The unlocking API cannot tell whether an earlier attempt reached it. Place again only if its control panel shows no ${what} for this IMEI: otherwise the supplier is paid twice. Credits are spent if it succeeds.`;

export const PRODUCT_VIEWS = {
  topup: {
    href: "/topup",
    amountLabel: { order: "topupAmount", pay: "topupAmount" },
    claim: (claims) => (claims.topup ? { key: "claimTopup", values: claims.topup } : null),
    staff: { refresh: true, unlockActions: false, blindRetry: null },
    pos: { label: "Mobile top-up" },
    defaultMargin: { percent: 5, fixedMinor: 30 },
  },
  esim: {
    href: "/esim",
    amountLabel: { order: "esimPlan", pay: "amount" },
    claim: (claims) =>
      claims.esim ? { key: claims.esim.regions > 0 ? "claimEsimRegions" : "claimEsim", values: claims.esim } : null,
    staff: { refresh: true, unlockActions: false, blindRetry: null },
    pos: { label: "Travel eSIM" },
    defaultMargin: { percent: 15, fixedMinor: 0 },
  },
  giftcard: {
    href: "/giftcards",
    amountLabel: { order: "cardValue", pay: "amount" },
    claim: (claims) => (claims.giftcard ? { key: "claimGiftcard", values: claims.giftcard } : null),
    staff: { refresh: true, unlockActions: false, blindRetry: null },
    pos: { label: "Gift card" },
    defaultMargin: { percent: 3, fixedMinor: 50 },
  },
  unlock: {
    href: "/unlock",
    amountLabel: { order: "amount", pay: "amount" },
    claim: (claims) => (claims.unlock ? { key: "claimUnlock", values: claims.unlock } : null),
    staff: { refresh: true, unlockActions: true, blindRetry: blindRetry("order") },
    pos: { label: "Device unlock" },
    defaultMargin: { percent: 25, fixedMinor: 100 },
  },
  imeicheck: {
    href: "/imei-check",
    amountLabel: { order: "amount", pay: "amount" },
    claim: () => null,
    // The check is answered when placed: there is no supplier order to read again.
    staff: { refresh: false, unlockActions: false, blindRetry: blindRetry("charge") },
    pos: { label: "IMEI check" },
    defaultMargin: { percent: 0, fixedMinor: 99 },
  },
} satisfies Record<ProductType, ProductView>;

import type { SalePreview } from "./sale-request";

// What the point of sale's server actions (app/admin/(dashboard)/pos/actions.ts) answer its
// forms (components/admin/pos/): the shapes both sides agree on, kept in lib/ so the forms
// never import the routes.

/** A refused or failed step: the message for staff, and the field it belongs to if any. */
export type PosFailure = { ok: false; error: string; field?: string };

/** A product at the shop's price (a top-up rate, a gift card value, an eSIM plan). */
export type PosRate = { token: string; label: string; serviceType: string; totalMinor: number; currency: string };

export type TopupOptions =
  { ok: true; operator: string; country: string; phone: string; rates: PosRate[] } | PosFailure;

export type GiftcardBrandOption = { slug: string; name: string };
export type GiftcardBrands = { ok: true; brands: GiftcardBrandOption[] } | PosFailure;
export type GiftcardValues = { ok: true; values: PosRate[] } | PosFailure;

export type EsimPlans = { ok: true; plans: PosRate[] } | PosFailure;

export type PreviewResult = { ok: true; preview: SalePreview } | PosFailure;

export type PlaceResult = { ok: true; ref: string; status: string } | (PosFailure & { priceChanged?: boolean });

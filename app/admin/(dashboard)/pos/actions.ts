"use server";

import { expectActionInput, isId, isText } from "@/lib/http/action-input";
import { z } from "zod";
import { loadBrandOffer, loadCountryBrands } from "@/lib/products/giftcard/catalog";
import { lookupCarrier } from "@/lib/products/topup/carrier";
import { loadOperatorOffer } from "@/lib/products/topup/offer";
import { checkPhone } from "@/lib/validation/phone";
import { posEsimPlans } from "@/lib/products/esim/pos-catalog";
import { COUNTER_UNAVAILABLE, placeCounterSale } from "@/lib/checkout/counter";
import { productAvailability } from "@/lib/products/availability";
import { COUNTER_CONTEXT, previewOf, saleOf } from "@/lib/admin/pos/sale";
import { saleRequestSchema } from "@/lib/admin/pos/sale-request";
import type {
  EsimPlans,
  GiftcardBrands,
  GiftcardValues,
  PlaceResult,
  PosFailure,
  PreviewResult,
  TopupOptions,
} from "@/lib/admin/pos/types";
import { posUnlockCatalog, type UnlockChoices, type UnlockTools } from "@/lib/products/unlock/pos-catalog";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { userFailureOf } from "@/lib/errors/user-message";
import { emailSchema } from "@/lib/validation/email";

// The point of sale's server actions. Each checks the staff role first (a layout does not
// protect actions), trusts nothing from the browser, and goes through the product's own
// checkout step (lib/admin/pos/sale.ts → lib/products/<product>/sale.ts: the live catalog,
// the upstream's preview or the storefront's own price): the preview shown before placing and
// the price charged come from the same rule, and placing refuses a total that moved since the
// preview (lib/checkout/checkout.ts).

function failure(error: unknown, what: string): PosFailure {
  const { error: message } = userFailureOf(
    error,
    `point of sale: ${what}`,
    `The ${what} did not work just now. Please try again.`,
  );
  return { ok: false, error: message };
}

/** Top-up step 1: the number's operator and its current rates. */
export async function posTopupOptionsAction(phoneInput: string): Promise<TopupOptions> {
  await requireStaff("staff", "/admin/pos");
  expectActionInput(isText(phoneInput, 200));
  const phone = checkPhone(String(phoneInput ?? "").slice(0, 40));
  if (!phone.ok) return { ok: false, error: phone.error, field: "phone" };
  try {
    const carrier = await lookupCarrier(phone.e164);
    if (!carrier.ok)
      return { ok: false, error: carrier.error, field: carrier.kind === "refused" ? "phone" : undefined };
    const offer = await loadOperatorOffer(carrier.carrier.operatorId);
    if (!offer.ok) return { ok: false, error: offer.error };
    return {
      ok: true,
      operator: offer.value.operatorName,
      country: offer.value.countryName,
      phone: phone.e164,
      rates: offer.value.choices.map((c) => ({
        token: c.token,
        label: c.productName,
        serviceType: c.serviceType,
        totalMinor: c.totalMinor,
        currency: c.currency,
      })),
    };
  } catch (error) {
    return failure(error, "operator lookup");
  }
}

/** Gift card step 2: the brands sold in a country. */
export async function posGiftcardBrandsAction(country: string): Promise<GiftcardBrands> {
  await requireStaff("staff", "/admin/pos");
  expectActionInput(isText(country, 200));
  const code = z
    .string()
    .regex(/^[a-z]{2}$/)
    .safeParse(country);
  if (!code.success) return { ok: false, error: "Choose a country.", field: "country" };
  const brands = await loadCountryBrands(code.data);
  if (!brands.ok) return { ok: false, error: brands.error };
  return { ok: true, brands: brands.value.map((b) => ({ slug: b.slug, name: b.name })) };
}

/** Gift card step 3: a brand's denominations at the shop's price. */
export async function posGiftcardValuesAction(country: string, brand: string): Promise<GiftcardValues> {
  await requireStaff("staff", "/admin/pos");
  expectActionInput(isText(country, 200) && isText(brand, 200));
  const valid = z
    .object({ country: z.string().regex(/^[a-z]{2}$/), brand: z.string().regex(/^[a-z0-9-]{1,80}$/) })
    .safeParse({ country, brand });
  if (!valid.success) return { ok: false, error: "Choose a country and a brand.", field: "brand" };
  const offer = await loadBrandOffer(valid.data.country, valid.data.brand);
  if (offer.ok === false) return { ok: false, error: offer.error };
  if (offer.ok !== true) return { ok: false, error: "That brand is not sold in this country.", field: "brand" };
  return {
    ok: true,
    values: offer.value.denominations.map((d) => ({
      token: d.token,
      label: d.productName,
      serviceType: "giftcard",
      totalMinor: d.totalMinor,
      currency: d.currency,
    })),
  };
}

/** eSIM step 2: a destination's plans at the shop's price. */
export async function posEsimPlansAction(country: string): Promise<EsimPlans> {
  await requireStaff("staff", "/admin/pos");
  expectActionInput(isText(country, 200));
  const code = z
    .string()
    .regex(/^[a-z0-9-]{2,10}$/)
    .safeParse(country);
  if (!code.success) return { ok: false, error: "Choose a destination.", field: "country" };
  try {
    const { options } = await posEsimPlans(code.data);
    return {
      ok: true,
      plans: options.map((o) => ({
        token: o.catalogId,
        label: o.label,
        serviceType: "esim",
        totalMinor: o.totalMinor,
        currency: o.currency,
      })),
    };
  } catch (error) {
    return failure(error, "plan list");
  }
}

const unlockId = z.coerce.number().int().min(0).max(1e12);

/** Unlock step 2: a brand's devices. */
export async function posUnlockDevicesAction(brand: number): Promise<UnlockChoices> {
  await requireStaff("staff", "/admin/pos");
  expectActionInput(isId(brand));
  const id = unlockId.safeParse(brand);
  if (!id.success) return { ok: false, error: "Choose a brand.", field: "brand" };
  return posUnlockCatalog.devices(id.data);
}

/** Unlock step 3: a country's networks. */
export async function posUnlockNetworksAction(country: number): Promise<UnlockChoices> {
  await requireStaff("staff", "/admin/pos");
  expectActionInput(isId(country));
  const id = unlockId.safeParse(country);
  if (!id.success) return { ok: false, error: "Choose the network's country.", field: "country" };
  return posUnlockCatalog.networks(id.data);
}

/** Unlock step 4: the services for a device on a network, at the storefront's price. */
export async function posUnlockToolsAction(device: number, network: number): Promise<UnlockTools> {
  await requireStaff("staff", "/admin/pos");
  expectActionInput(isId(device) && isId(network));
  const ids = z.object({ device: unlockId, network: unlockId }).safeParse({ device, network });
  if (!ids.success) return { ok: false, error: "Choose a device and a network.", field: "network" };
  return posUnlockCatalog.tools(ids.data.device, ids.data.network);
}

/** The mandatory preview: the product's own price for exactly this sale, with the shop's margin. */
export async function posPreviewAction(raw: unknown): Promise<PreviewResult> {
  await requireStaff("staff", "/admin/pos");
  const parsed = saleRequestSchema.safeParse(raw);
  if (!parsed.success)
    return {
      ok: false,
      error: parsed.error.issues[0]?.message ?? "Choose a product first.",
      field: String(parsed.error.issues[0]?.path[0] ?? ""),
    };
  try {
    // An unavailable product is not priced: its step would ask the upstream.
    if (!(await productAvailability(parsed.data.product)).available)
      return { ok: false, error: COUNTER_UNAVAILABLE, field: "product" };
    const sale = await saleOf(parsed.data)(COUNTER_CONTEXT);
    return sale.ok ? { ok: true, preview: previewOf(sale) } : sale;
  } catch (error) {
    return failure(error, "preview");
  }
}

const placeSchema = z.object({
  sale: saleRequestSchema,
  submissionId: z.uuid(),
  expectedTotalMinor: z.number().int().min(0),
  email: z.union([z.literal(""), emailSchema]),
});

/** Places the previewed sale, paid at the counter by the signed-in staff member. */
export async function posPlaceAction(raw: unknown): Promise<PlaceResult> {
  const staff = await requireStaff("staff", "/admin/pos");
  const parsed = placeSchema.safeParse(raw);
  if (!parsed.success) {
    const emailIssue = parsed.error.issues.find((i) => i.path[0] === "email");
    if (emailIssue)
      return {
        ok: false,
        error: "Enter a valid email address, like name@example.com, or leave it empty.",
        field: "email",
      };
    return { ok: false, error: "This preview is out of date. Please preview the sale again." };
  }
  const input = parsed.data;
  try {
    const result = await placeCounterSale(db, {
      staff,
      product: input.sale.product,
      price: saleOf(input.sale),
      submissionId: input.submissionId,
      // A walk-in buyer without an email: the receipt goes to the staff member who sold it.
      customerEmail: input.email || staff.email,
      expectedTotalMinor: input.expectedTotalMinor,
    });
    return result.ok ? { ok: true, ref: result.order.ref, status: result.order.status } : result;
  } catch (error) {
    return failure(error, "sale");
  }
}

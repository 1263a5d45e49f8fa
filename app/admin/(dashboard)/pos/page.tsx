import type { Metadata } from "next";
import { loadGiftcardCountries } from "@/lib/products/giftcard/catalog";
import { EsimSale } from "@/components/admin/pos/esim-sale";
import { GiftcardSale } from "@/components/admin/pos/giftcard-sale";
import { PosProductTabs } from "@/components/admin/pos/product-tabs";
import { posProductOf } from "@/components/admin/pos/products";
import { ImeiCheckSale } from "@/components/admin/pos/imeicheck-sale";
import { TopupSale } from "@/components/admin/pos/topup-sale";
import { UnlockSale } from "@/components/admin/pos/unlock-sale";
import { PageHeader } from "@/components/admin/shared/page-header";
import { Card } from "@/components/ui/card";
import { posEsimDestinations } from "@/lib/products/esim/pos-catalog";
import { posUnlockCatalog } from "@/lib/products/unlock/pos-catalog";
import { requireStaff } from "@/lib/auth/guards";
import { productAvailability } from "@/lib/products/availability";
import { isUpstreamError } from "@/lib/upstream/errors";
import {
  posEsimPlansAction,
  posGiftcardBrandsAction,
  posGiftcardValuesAction,
  posPlaceAction,
  posPreviewAction,
  posTopupOptionsAction,
  posUnlockDevicesAction,
  posUnlockNetworksAction,
  posUnlockToolsAction,
} from "./actions";

async function loadDestinations() {
  try {
    return { ok: true as const, value: await posEsimDestinations() };
  } catch (error) {
    return {
      ok: false as const,
      error: isUpstreamError(error) ? error.userMessage : "The eSIM destinations could not be loaded just now.",
    };
  }
}

export const metadata: Metadata = { title: "Point of sale" };
export const dynamic = "force-dynamic";

export default async function PosPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaff("staff", "/admin/pos");
  const chosen = posProductOf((await searchParams).product);
  // A product that is off is not offered at the counter (its form, and its catalog reads, are left out).
  const availability = await productAvailability(chosen);
  const product = availability.available ? chosen : null;
  const countries = product === "giftcard" ? await loadGiftcardCountries() : null;
  const destinations = product === "esim" ? await loadDestinations() : null;
  const unlockLists =
    product === "unlock" ? await Promise.all([posUnlockCatalog.brands(), posUnlockCatalog.countries()]) : null;
  return (
    <>
      <PageHeader
        title="Point of sale"
        description="Sell to a walk-in buyer who pays you at the counter. A preview of the sale and its price is always shown before it is placed; placing records the counter payment in your name and delivers at once."
      />
      <PosProductTabs current={chosen} />
      <Card>
        {availability.available ? null : (
          <p role="alert" className="text-sm text-danger" data-testid="pos-product-unavailable">
            Not for sale right now: {availability.detail}
          </p>
        )}
        {product === "topup" ? (
          <TopupSale actions={{ options: posTopupOptionsAction, preview: posPreviewAction, place: posPlaceAction }} />
        ) : null}
        {product === "esim" && destinations ? (
          destinations.ok ? (
            <EsimSale
              destinations={destinations.value}
              actions={{ plans: posEsimPlansAction, preview: posPreviewAction, place: posPlaceAction }}
            />
          ) : (
            <p role="alert" className="text-sm text-danger">
              {destinations.error}
            </p>
          )
        ) : null}
        {product === "giftcard" && countries ? (
          countries.ok ? (
            <GiftcardSale
              countries={countries.value}
              actions={{
                brands: posGiftcardBrandsAction,
                values: posGiftcardValuesAction,
                preview: posPreviewAction,
                place: posPlaceAction,
              }}
            />
          ) : (
            <p role="alert" className="text-sm text-danger">
              {countries.error}
            </p>
          )
        ) : null}
        {product === "unlock" && unlockLists ? (
          unlockLists[0].ok && unlockLists[1].ok ? (
            <UnlockSale
              brands={unlockLists[0].choices}
              countries={unlockLists[1].choices}
              actions={{
                devices: posUnlockDevicesAction,
                networks: posUnlockNetworksAction,
                tools: posUnlockToolsAction,
                preview: posPreviewAction,
                place: posPlaceAction,
              }}
            />
          ) : (
            <p role="alert" className="text-sm text-danger">
              {!unlockLists[0].ok ? unlockLists[0].error : !unlockLists[1].ok ? unlockLists[1].error : null}
            </p>
          )
        ) : null}
        {product === "imeicheck" ? (
          <ImeiCheckSale actions={{ preview: posPreviewAction, place: posPlaceAction }} />
        ) : null}
      </Card>
    </>
  );
}

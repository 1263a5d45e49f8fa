import type { ReactNode } from "react";
import { EsimSale } from "@/components/admin/pos/esim-sale";
import { GiftcardSale } from "@/components/admin/pos/giftcard-sale";
import { ImeiCheckSale } from "@/components/admin/pos/imeicheck-sale";
import { TopupSale } from "@/components/admin/pos/topup-sale";
import { UnlockSale } from "@/components/admin/pos/unlock-sale";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { posEsimDestinations } from "@/lib/products/esim/pos-catalog";
import { loadGiftcardCountries } from "@/lib/products/giftcard/catalog";
import { posUnlockCatalog } from "@/lib/products/unlock/pos-catalog";
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

// Each product's point of sale form, with the catalog lists it starts from (read only for the
// product being sold). One entry per ProductType: the compiler names a missing one. What staff
// choose is priced by the product's own sale step (lib/admin/pos/sale.ts).

const failed = (error: ReactNode) => (
  <p role="alert" className="text-sm text-danger">
    {error}
  </p>
);

export const POS_FORMS = {
  topup: async () => (
    <TopupSale actions={{ options: posTopupOptionsAction, preview: posPreviewAction, place: posPlaceAction }} />
  ),
  esim: async () => {
    let destinations;
    try {
      destinations = await posEsimDestinations();
    } catch (error) {
      return failed(isUpstreamError(error) ? error.userMessage : "The eSIM destinations could not be loaded just now.");
    }
    return (
      <EsimSale
        destinations={destinations}
        actions={{ plans: posEsimPlansAction, preview: posPreviewAction, place: posPlaceAction }}
      />
    );
  },
  giftcard: async () => {
    const countries = await loadGiftcardCountries();
    if (!countries.ok) return failed(countries.error);
    return (
      <GiftcardSale
        countries={countries.value}
        actions={{
          brands: posGiftcardBrandsAction,
          values: posGiftcardValuesAction,
          preview: posPreviewAction,
          place: posPlaceAction,
        }}
      />
    );
  },
  unlock: async () => {
    const [brands, countries] = await Promise.all([posUnlockCatalog.brands(), posUnlockCatalog.countries()]);
    if (!brands.ok) return failed(brands.error);
    if (!countries.ok) return failed(countries.error);
    return (
      <UnlockSale
        brands={brands.choices}
        countries={countries.choices}
        actions={{
          devices: posUnlockDevicesAction,
          networks: posUnlockNetworksAction,
          tools: posUnlockToolsAction,
          preview: posPreviewAction,
          place: posPlaceAction,
        }}
      />
    );
  },
  imeicheck: async () => <ImeiCheckSale actions={{ preview: posPreviewAction, place: posPlaceAction }} />,
} satisfies Record<ProductType, () => Promise<ReactNode>>;

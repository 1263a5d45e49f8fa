import type { PriceBreakdown } from "@/lib/pricing/retail";
import type { UnlockCountry, UnlockNetwork } from "@/lib/upstream/unlock/schemas";
import type { SuffixFlag } from "@/lib/validation/imei";

// The shapes the unlock catalog (./catalog.ts) hands the pages and their components.

/** How old a catalog copy is when it is past its lifetime; null when fresh. */
export type { CatalogAge } from "@/lib/catalog/age";

export type DeviceView = {
  id: number;
  brandId: number;
  brandName: string;
  name: string;
  /** Through the shop's image proxy, or null (the page shows a placeholder). */
  imageUrl: string | null;
  /** Plain text (the supplier's HTML stripped). */
  description: string;
};

export type ToolView = {
  id: number;
  name: string;
  desc: string;
  serviceName: string;
  serviceDesc: string;
  guaranteedTime: { min: number; max: number; type: string };
  averageTime: string;
  successRatio: number;
  /** Suffixes the order needs, in the order they follow the IMEI. */
  needs: SuffixFlag[];
  price: PriceBreakdown;
};

/** A device, its network (in its country) and the services offered for the pair. */
export type UnlockSelection = { device: DeviceView; country: UnlockCountry; network: UnlockNetwork; tools: ToolView[] };

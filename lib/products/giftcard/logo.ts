import "server-only";
import { catalogImageUrl } from "@/lib/catalog/images";

// Brand logos are upstream images: the browser never fetches them from the supplier, only
// through the shop's image proxy (lib/catalog/images). Null shows the brand's initials.
export function brandLogoUrl(upstreamUrl: string | null | undefined): string | null {
  return catalogImageUrl(upstreamUrl);
}

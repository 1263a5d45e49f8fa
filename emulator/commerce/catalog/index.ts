import type { EmulatorContext } from "../../core/context";
import type { CommerceCatalog } from "../priced-product";
import { catalogStatePart, createCatalogState } from "./catalog-state";
import { commerceCatalog } from "./commerce-catalog";
import { registerEsimRoutes } from "./routes/esim";
import { registerGiftcardRoutes } from "./routes/giftcards";
import { registerImageRoutes } from "./routes/images";
import { registerTopupCatalogRoutes } from "./routes/topup";
import { registerUtilityRoutes } from "./routes/utilities";
import type { EmulatorApp } from "../../core/hono-env";

/**
 * The Commerce API v2 catalogs (top-up, travel eSIM, gift cards), the status utilities and
 * the un-prefixed aliases, on the /v2 app. Returns the catalog side of the order contract.
 * README.md beside this file documents data sources, tokens, pagination and sandbox items.
 */
export function registerCatalog(v2: EmulatorApp, ctx: EmulatorContext): CommerceCatalog {
  const state = createCatalogState(ctx);
  ctx.parts.register(catalogStatePart(state));
  registerUtilityRoutes(v2, ctx, state);
  registerImageRoutes(v2, ctx, state);
  registerTopupCatalogRoutes(v2, ctx, state, { prefix: "/topup", verticals: ["topup"] });
  registerGiftcardRoutes(v2, ctx, state);
  registerEsimRoutes(v2, ctx, state);
  // Un-prefixed aliases: the unfiltered catalog, top-up and gift cards together.
  registerTopupCatalogRoutes(v2, ctx, state, { prefix: "", verticals: ["topup", "giftcard"] });
  return commerceCatalog(state);
}

export { createCatalogState } from "./catalog-state";
export { commerceCatalog } from "./commerce-catalog";

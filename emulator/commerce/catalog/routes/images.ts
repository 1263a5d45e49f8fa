import type { EmulatorContext } from "../../../core/context";
import { commerceError } from "../../../core/envelope";
import type { CatalogState } from "../catalog-state";
import { operatorLogoSvg } from "../logo-svg";
import type { EmulatorApp } from "../../../core/hono-env";

// GET /v2/img/operators/{id}.svg: the `img` of operators and gift card brands. No auth, like
// a CDN image; cached for a day since a logo never changes.
export function registerImageRoutes(v2: EmulatorApp, ctx: EmulatorContext, state: CatalogState): void {
  v2.get("/img/operators/:file{[0-9]+\\.svg}", (c) => {
    const id = Number(c.req.param("file").replace(/\.svg$/, ""));
    const ref = state.operator(id, ["topup", "giftcard"]);
    if (!ref) return commerceError(c, ctx, 404, "IMAGE_NOT_FOUND", `No operator image ${id}.svg`);
    const name = ref.kind === "brand" ? ref.brand.name : ref.carrier.name;
    return c.body(operatorLogoSvg(name), 200, {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    });
  });
}

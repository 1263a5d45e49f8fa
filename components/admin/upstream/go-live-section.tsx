import { Card, CardTitle } from "@/components/ui/card";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { productsAvailability } from "@/lib/products/availability";
import type { GoLiveReport } from "@/lib/upstream/check/run";
import { GoLiveCheck } from "./go-live-check";
import { ProductSwitches, type ProductState } from "./product-switches";

type SwitchProduct = (product: ProductType, on: boolean) => Promise<{ ok: boolean; message: string }>;

/** Admin → Upstream connection: the go-live check and the products' on/off switches (docs/admin.md). */
export async function GoLiveSection({
  check,
  switchProduct,
}: {
  check: () => Promise<GoLiveReport>;
  switchProduct: SwitchProduct;
}) {
  const availability = await productsAvailability();
  const products: ProductState[] = Object.entries(availability).map(([product, a]) => ({
    product: product as ProductType,
    state: a.available ? "on_sale" : a.reason,
    detail: a.available ? null : a.detail,
  }));
  return (
    <>
      <Card aria-labelledby="go-live-heading">
        <CardTitle id="go-live-heading">Go-live check</CardTitle>
        <p className="mt-1 mb-4 text-sm text-muted">
          Calls once each read-only endpoint the shop depends on, with the connection in use, and checks every answer
          the way the shop reads it. It spends no credits: no preview, no order, no IMEI check. The same check runs from
          the console with <code className="font-mono">npm run upstream:check</code>.
        </p>
        <GoLiveCheck
          check={check}
          switchProduct={switchProduct}
          onSale={products.filter((p) => p.state !== "switched_off").map((p) => p.product)}
        />
      </Card>
      <Card aria-labelledby="products-on-sale-heading">
        <CardTitle id="products-on-sale-heading">Products on sale</CardTitle>
        <p className="mt-1 mb-2 text-sm text-muted">
          A product switched off is shown to buyers as temporarily unavailable, with no form; the checkout and the point
          of sale refuse it. Orders already paid are delivered as usual.
        </p>
        <ProductSwitches products={products} switchProduct={switchProduct} />
      </Card>
    </>
  );
}

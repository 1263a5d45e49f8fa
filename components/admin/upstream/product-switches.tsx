"use client";

import { useState, useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { PRODUCT_LABELS, PRODUCT_NAMES } from "@/lib/upstream/check/product-names";

export type ProductState = { product: ProductType; state: "on_sale" | "switched_off" | "setup"; detail: string | null };

/** Each product's state, with the staff switch: off sale in one click, on sale again in one. */
export function ProductSwitches({
  products,
  switchProduct,
}: {
  products: ProductState[];
  switchProduct: (product: ProductType, on: boolean) => Promise<{ ok: boolean; message: string }>;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const flip = (product: ProductType, on: boolean) =>
    startTransition(async () => setMessage((await switchProduct(product, on)).message));
  return (
    <div className="flex flex-col gap-3">
      <ul className="divide-y divide-border">
        {products.map(({ product, state, detail }) => (
          <li
            key={product}
            className="flex flex-wrap items-center gap-3 py-2"
            data-testid={`product-switch-${product}`}
          >
            <span className="min-w-36 font-medium">{PRODUCT_NAMES[product]}</span>
            {state === "on_sale" ? (
              <Badge tone="ok">On sale</Badge>
            ) : state === "switched_off" ? (
              <Badge tone="danger">Switched off</Badge>
            ) : (
              <Badge tone="warn">Not sold: setup needed</Badge>
            )}
            {state === "setup" && detail ? <span className="text-sm text-muted">{detail}</span> : null}
            <span className="ml-auto">
              {state === "switched_off" ? (
                <Button size="sm" variant="secondary" disabled={pending} onClick={() => flip(product, true)}>
                  Switch on {PRODUCT_LABELS[product]}
                </Button>
              ) : (
                <Button size="sm" variant="secondary" disabled={pending} onClick={() => flip(product, false)}>
                  Switch off {PRODUCT_LABELS[product]}
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
      <p aria-live="polite" role="status" className="text-sm" data-testid="product-switch-message">
        {message}
      </p>
    </div>
  );
}

"use client";

import { useState } from "react";
import type { PlaceResult, PreviewResult } from "@/lib/admin/pos/types";
import { ImeiSuffixFields, type ImeiAndSuffixes } from "@/components/shop/unlock/imei-suffix-fields";
import type { SaleRequest } from "@/lib/admin/pos/sale-request";
import { SaleCheckout } from "./sale-checkout";

/** IMEI check at the counter: the IMEI (the storefront's field and rules) → preview → place. */
export function ImeiCheckSale({
  actions,
}: {
  actions: { preview: (sale: SaleRequest) => Promise<PreviewResult>; place: (input: unknown) => Promise<PlaceResult> };
}) {
  const [phone, setPhone] = useState<ImeiAndSuffixes | null>(null);
  // A new key empties the field after a sale.
  const [round, setRound] = useState(0);
  const sale: SaleRequest | null = phone ? { product: "imeicheck", imei: phone.imei } : null;
  return (
    <div className="grid gap-6">
      <p className="max-w-2xl text-sm text-muted">
        The report tells the buyer whether the phone is reported lost or stolen, which networks block or accept it, and
        its history. It appears on the order page once the supplier answers.
      </p>
      <div className="grid gap-4 sm:max-w-md">
        <ImeiSuffixFields key={round} needs={[]} onValid={setPhone} />
      </div>
      <SaleCheckout sale={sale} actions={actions} onReset={() => (setPhone(null), setRound((r) => r + 1))} />
    </div>
  );
}

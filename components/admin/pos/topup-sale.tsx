"use client";

import { useState, useTransition, type FormEvent } from "react";
import type { PlaceResult, PosRate, PreviewResult, TopupOptions } from "@/lib/admin/pos/types";
import { Button } from "@/components/ui/button";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PHONE_EXAMPLE } from "@/lib/validation/phone";
import type { SaleRequest } from "@/lib/admin/pos/sale-request";
import { RateChoices } from "./rate-choices";
import { SaleCheckout } from "./sale-checkout";

const PHONE_HINT = `With the country code, e.g. ${PHONE_EXAMPLE}.`;

/** Top-up at the counter: the number → its operator's rates → preview → place. */
export function TopupSale({
  actions,
}: {
  actions: {
    options: (phone: string) => Promise<TopupOptions>;
    preview: (sale: SaleRequest) => Promise<PreviewResult>;
    place: (input: unknown) => Promise<PlaceResult>;
  };
}) {
  const [phone, setPhone] = useState("");
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [offer, setOffer] = useState<{ phone: string; operator: string; country: string; rates: PosRate[] } | null>(
    null,
  );
  const [rate, setRate] = useState<string | null>(null);
  const [pending, start] = useTransition();

  function find(event: FormEvent) {
    event.preventDefault();
    setPhoneError(undefined);
    setOffer(null);
    setRate(null);
    start(async () => {
      const result = await actions.options(phone);
      if (result.ok) setOffer(result);
      else setPhoneError(result.error);
    });
  }

  const sale: SaleRequest | null = offer && rate ? { product: "topup", phone: offer.phone, rate } : null;
  return (
    <div className="grid gap-6">
      <form onSubmit={find} className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1 sm:max-w-sm">
          <Field id="pos-phone" label="Phone number" hint={PHONE_HINT} error={phoneError}>
            <Input
              type="tel"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              autoComplete="off"
              {...fieldAria("pos-phone", { hint: PHONE_HINT, error: phoneError })}
            />
          </Field>
        </div>
        <Button type="submit" disabled={pending} className="mb-6">
          {pending ? "Looking up…" : "Find operator"}
        </Button>
      </form>
      {offer ? (
        <>
          <p className="text-sm">
            Operator: <strong>{offer.operator}</strong> ({offer.country})
          </p>
          <RateChoices name="pos-rate" legend="Amount" choices={offer.rates} value={rate} onChange={setRate} />
          <SaleCheckout sale={sale} actions={actions} onReset={() => (setOffer(null), setRate(null), setPhone(""))} />
        </>
      ) : null}
    </div>
  );
}

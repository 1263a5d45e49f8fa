"use client";

import { useState, useTransition } from "react";
import type { EsimPlans, PlaceResult, PosRate, PreviewResult } from "@/lib/admin/pos/types";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/input";
import type { SaleRequest } from "@/lib/admin/pos/sale-request";
import { RateChoices } from "./rate-choices";
import { SaleCheckout } from "./sale-checkout";

/** Travel eSIM at the counter: destination → plan → preview → place. */
export function EsimSale({
  destinations,
  actions,
}: {
  destinations: Array<{ code: string; name: string }>;
  actions: {
    plans: (country: string) => Promise<EsimPlans>;
    preview: (sale: SaleRequest) => Promise<PreviewResult>;
    place: (input: unknown) => Promise<PlaceResult>;
  };
}) {
  const [country, setCountry] = useState("");
  const [plans, setPlans] = useState<PosRate[] | null>(null);
  const [plan, setPlan] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  function chooseCountry(code: string) {
    setCountry(code);
    setPlans(null);
    setPlan(null);
    setError(null);
    if (!code) return;
    start(async () => {
      const result = await actions.plans(code);
      if (result.ok) setPlans(result.plans);
      else setError(result.error);
    });
  }

  const sale: SaleRequest | null = country && plan ? { product: "esim", country, plan } : null;
  return (
    <div className="grid gap-6">
      <div className="sm:max-w-sm">
        <Field id="pos-esim-country" label="Destination">
          <Select id="pos-esim-country" value={country} onChange={(e) => chooseCountry(e.target.value)}>
            <option value="">Choose a destination</option>
            {destinations.map((d) => (
              <option key={d.code} value={d.code}>
                {d.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {pending && !plans ? <p className="text-sm text-muted">Loading plans…</p> : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      {plans ? (
        <RateChoices name="pos-esim-plan" legend="Plan" choices={plans} value={plan} onChange={setPlan} />
      ) : null}
      {plans ? <SaleCheckout sale={sale} actions={actions} onReset={() => chooseCountry("")} /> : null}
    </div>
  );
}

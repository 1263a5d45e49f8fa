"use client";

import { useState, useTransition } from "react";
import type {
  GiftcardBrandOption,
  GiftcardBrands,
  GiftcardValues,
  PlaceResult,
  PosRate,
  PreviewResult,
} from "@/lib/admin/pos/types";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/input";
import type { SaleRequest } from "@/lib/admin/pos/sale-request";
import { RateChoices } from "./rate-choices";
import { SaleCheckout } from "./sale-checkout";

/** Gift card at the counter: country → brand → value → preview → place. */
export function GiftcardSale({
  countries,
  actions,
}: {
  countries: Array<{ code: string; name: string }>;
  actions: {
    brands: (country: string) => Promise<GiftcardBrands>;
    values: (country: string, brand: string) => Promise<GiftcardValues>;
    preview: (sale: SaleRequest) => Promise<PreviewResult>;
    place: (input: unknown) => Promise<PlaceResult>;
  };
}) {
  const [country, setCountry] = useState("");
  const [brands, setBrands] = useState<GiftcardBrandOption[]>([]);
  const [brand, setBrand] = useState("");
  const [values, setValues] = useState<PosRate[] | null>(null);
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  function chooseCountry(code: string) {
    setCountry(code);
    setBrand("");
    setBrands([]);
    setValues(null);
    setValue(null);
    setError(null);
    if (!code) return;
    start(async () => {
      const result = await actions.brands(code);
      if (result.ok) setBrands(result.brands);
      else setError(result.error);
    });
  }

  function chooseBrand(slug: string) {
    setBrand(slug);
    setValues(null);
    setValue(null);
    setError(null);
    if (!slug) return;
    start(async () => {
      const result = await actions.values(country, slug);
      if (result.ok) setValues(result.values);
      else setError(result.error);
    });
  }

  const sale: SaleRequest | null =
    country && brand && value ? { product: "giftcard", country, brand, denomination: value } : null;
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 sm:max-w-2xl">
        <Field id="pos-gc-country" label="Country">
          <Select id="pos-gc-country" value={country} onChange={(e) => chooseCountry(e.target.value)}>
            <option value="">Choose a country</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code.toLowerCase()}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="pos-gc-brand" label="Brand">
          <Select
            id="pos-gc-brand"
            value={brand}
            onChange={(e) => chooseBrand(e.target.value)}
            disabled={brands.length === 0}
          >
            <option value="">{pending && brands.length === 0 && country ? "Loading…" : "Choose a brand"}</option>
            {brands.map((b) => (
              <option key={b.slug} value={b.slug}>
                {b.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      {values ? (
        <RateChoices name="pos-gc-value" legend="Card value" choices={values} value={value} onChange={setValue} />
      ) : null}
      {values ? <SaleCheckout sale={sale} actions={actions} onReset={() => chooseCountry("")} /> : null}
    </div>
  );
}

"use client";

import { useState, useTransition } from "react";
import type { PlaceResult, PosRate, PreviewResult } from "@/lib/admin/pos/types";
import { ImeiSuffixFields, type ImeiAndSuffixes } from "@/components/shop/unlock/imei-suffix-fields";
import { FLAG_NAMES } from "@/lib/products/unlock/text";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/input";
import type { SaleRequest } from "@/lib/admin/pos/sale-request";
import type { UnlockChoice, UnlockChoices, UnlockToolChoice, UnlockTools } from "@/lib/products/unlock/pos-catalog";
import { RateChoices } from "./rate-choices";
import { SaleCheckout } from "./sale-checkout";

type Actions = {
  devices: (brand: number) => Promise<UnlockChoices>;
  networks: (country: number) => Promise<UnlockChoices>;
  tools: (device: number, network: number) => Promise<UnlockTools>;
  preview: (sale: SaleRequest) => Promise<PreviewResult>;
  place: (input: unknown) => Promise<PlaceResult>;
};

/**
 * Device unlock at the counter: brand → device, country → network, then the services for
 * the pair, the IMEI with the codes the chosen service needs (the storefront's fields and
 * rules), preview → place.
 */
export function UnlockSale({
  brands,
  countries,
  actions,
}: {
  brands: UnlockChoice[];
  countries: UnlockChoice[];
  actions: Actions;
}) {
  const [brand, setBrand] = useState("");
  const [devices, setDevices] = useState<UnlockChoice[]>([]);
  const [device, setDevice] = useState("");
  const [country, setCountry] = useState("");
  const [networks, setNetworks] = useState<UnlockChoice[]>([]);
  const [network, setNetwork] = useState("");
  const [tools, setTools] = useState<UnlockToolChoice[] | null>(null);
  const [tool, setTool] = useState<string | null>(null);
  const [phone, setPhone] = useState<ImeiAndSuffixes | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  function load<T extends { ok: true } | { ok: false; error: string }>(
    request: () => Promise<T>,
    then: (result: Extract<T, { ok: true }>) => void,
  ) {
    setError(null);
    start(async () => {
      const result = await request();
      if (result.ok) then(result as Extract<T, { ok: true }>);
      else setError((result as { error: string }).error);
    });
  }

  function loadTools(deviceId: string, networkId: string) {
    setTools(null);
    setTool(null);
    setPhone(null);
    if (deviceId && networkId)
      load(
        () => actions.tools(Number(deviceId), Number(networkId)),
        (r) => setTools(r.tools),
      );
  }

  function chooseBrand(id: string) {
    setBrand(id);
    setDevices([]);
    setDevice("");
    loadTools("", network);
    if (id)
      load(
        () => actions.devices(Number(id)),
        (r) => setDevices(r.choices),
      );
  }

  function chooseCountry(id: string) {
    setCountry(id);
    setNetworks([]);
    setNetwork("");
    loadTools(device, "");
    if (id)
      load(
        () => actions.networks(Number(id)),
        (r) => setNetworks(r.choices),
      );
  }

  const chosen = tools?.find((t) => String(t.id) === tool) ?? null;
  const sale: SaleRequest | null =
    chosen && phone
      ? {
          product: "unlock",
          brand: Number(brand),
          device: Number(device),
          country: Number(country),
          network: Number(network),
          tool: chosen.id,
          imei: phone.imei,
          suffixes: phone.suffixes,
        }
      : null;
  const rates: PosRate[] = (tools ?? []).map((t) => ({
    token: String(t.id),
    label: `${t.name} · ${t.guaranteedTime}${t.needs.length > 0 ? ` · also needs ${t.needs.map((f) => FLAG_NAMES[f]).join(", ")}` : ""}`,
    serviceType: "unlock",
    totalMinor: t.totalMinor,
    currency: t.currency,
  }));

  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:max-w-2xl sm:grid-cols-2">
        <Field id="pos-unlock-brand" label="Brand">
          <Select id="pos-unlock-brand" value={brand} onChange={(e) => chooseBrand(e.target.value)}>
            <option value="">Choose a brand</option>
            {brands.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="pos-unlock-device" label="Device">
          <Select
            id="pos-unlock-device"
            value={device}
            disabled={devices.length === 0}
            onChange={(e) => (setDevice(e.target.value), loadTools(e.target.value, network))}
          >
            <option value="">{pending && brand && devices.length === 0 ? "Loading…" : "Choose a device"}</option>
            {devices.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="pos-unlock-country" label="Country of the network">
          <Select id="pos-unlock-country" value={country} onChange={(e) => chooseCountry(e.target.value)}>
            <option value="">Choose a country</option>
            {countries.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="pos-unlock-network" label="Network it is locked to">
          <Select
            id="pos-unlock-network"
            value={network}
            disabled={networks.length === 0}
            onChange={(e) => (setNetwork(e.target.value), loadTools(device, e.target.value))}
          >
            <option value="">{pending && country && networks.length === 0 ? "Loading…" : "Choose a network"}</option>
            {networks.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {pending && device && network && !tools ? <p className="text-sm text-muted">Loading unlock services…</p> : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      {tools ? (
        <RateChoices
          name="pos-unlock-tool"
          legend="Unlock service"
          choices={rates}
          value={tool}
          onChange={(t) => (setTool(t), setPhone(null))}
        />
      ) : null}
      {chosen ? (
        <div className="grid gap-4 sm:max-w-md">
          {/* Keyed by service: a service that needs other codes starts with empty fields. */}
          <ImeiSuffixFields key={chosen.id} needs={chosen.needs} onValid={setPhone} />
        </div>
      ) : null}
      {chosen ? (
        <SaleCheckout sale={sale} actions={actions} onReset={() => (chooseBrand(""), chooseCountry(""))} />
      ) : null}
    </div>
  );
}

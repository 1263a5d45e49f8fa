import { describe, expect, it } from "vitest";
import { distinctNames, topupRateName } from "./rate-name";

// The shop's names for price points that carry none (C§2 "Rate"): by service type and value.

type Named = Parameters<typeof topupRateName>[0];
/** A bare price point worth €17.55 before its fee, with `fields` over it. */
const rate = (fields: Record<string, unknown>) =>
  ({ product_name: null, amount_local: null, currency_local: null, amount_eur: 1755, ...fields }) as unknown as Named;

describe("topupRateName", () => {
  it("keeps the upstream's name", () => {
    expect(topupRateName(rate({ product_name: "O2 15 GBP Airtime", service_type: "airtime" }))).toBe(
      "O2 15 GBP Airtime",
    );
  });

  it("names a rate by its service type and value, in English and Spanish", () => {
    expect(topupRateName(rate({ service_type: "airtime" }))).toBe("Airtime worth €17.55");
    expect(topupRateName(rate({ service_type: "data" }))).toBe("Data worth €17.55");
    expect(topupRateName(rate({ service_type: "bundle" }))).toBe("Bundle worth €17.55");
    expect(topupRateName(rate({ service_type: "airtime" }), "es")).toMatch(/^Saldo por valor de 17,55\s€$/);
    expect(topupRateName(rate({ service_type: "data" }), "es")).toMatch(/^Datos por valor de /);
    expect(topupRateName(rate({ service_type: "bundle" }), "es")).toMatch(/^Paquete por valor de /);
  });

  it("says 'Top-up' for a rate of no known type, and prefers the face value", () => {
    expect(topupRateName(rate({ service_type: null }))).toBe("Top-up worth €17.55");
    expect(topupRateName(rate({ service_type: "pins" }))).toBe("Top-up worth €17.55");
    expect(topupRateName(rate({ amount_local: 1500, currency_local: "GBP", service_type: "airtime" }))).toBe(
      "Airtime worth £15.00",
    );
  });

  it("names nothing that says nothing it is worth", () => {
    expect(topupRateName(rate({ amount_eur: null, service_type: "data" }))).toBeNull();
  });
});

describe("distinctNames", () => {
  it("numbers only the names several rates share, in their order", () => {
    expect(distinctNames(["Data worth €5.85", "Data worth €5.85", "Data worth €11.70"])).toEqual([
      "Data worth €5.85, option 1",
      "Data worth €5.85, option 2",
      "Data worth €11.70",
    ]);
    expect(distinctNames(["Datos por valor de 5,85 €", "Datos por valor de 5,85 €"], "es")).toEqual([
      "Datos por valor de 5,85 €, opción 1",
      "Datos por valor de 5,85 €, opción 2",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { purchaseLines } from "./purchase-lines";

// "What you bought" in the buyer's language (docs/i18n.md, "Texts the shop stored in English"):
// English is each product's own lines; Spanish renames every label and rewords the values the shop
// words itself.

const DETAILS = {
  topup: {
    priceToken: "tp_abc",
    phone: "+447400123456",
    smsNotification: true,
    checkoutMode: "credits",
    product: { name: "10 GBP Airtime", operator_name: "O2", service_type: "airtime", country_iso: "gb" },
    operator: { id: "1010", name: "O2", countryCode: "gb", countryName: "United Kingdom" },
  },
  esim: {
    esim: {
      catalogId: "esim-jp",
      planName: "Japan 1.5 GB",
      destinationCode: "jp",
      destinationName: "Japan",
      coverage: "COUNTRY",
      dataGb: 1.5,
      unlimited: false,
      validityDays: 30,
    },
  },
  giftcard: {
    giftcard: {
      brandId: "op_steam_gb",
      brandName: "Steam",
      countryCode: "gb",
      countryName: "United Kingdom",
      faceValueMinor: 1500,
      faceCurrency: "GBP",
    },
  },
  unlock: {
    imei: "490154203237518",
    suffixes: { pin: "PIN1234ABCD", sn: "SNAB12-C3456" },
    unlock: {
      brandName: "Apple",
      deviceName: "iPhone 13",
      networkName: "EE",
      countryName: "United Kingdom",
      toolName: "PIN-Protected Unlock",
    },
  },
  imeicheck: { imei: "490154203237518", report: "full" },
} as const;

describe("purchase lines", () => {
  it("are each product's own lines in English", () => {
    expect(purchaseLines("topup", DETAILS.topup)).toEqual([
      { label: "Product", value: "10 GBP Airtime" },
      { label: "Phone number", value: "+44 7400 123456" },
      { label: "Operator", value: "O2, United Kingdom" },
      { label: "Type", value: "Airtime" },
      { label: "SMS to the recipient", value: "Yes" },
    ]);
  });

  it("have every label translated into Spanish", () => {
    for (const [type, detail] of Object.entries(DETAILS)) {
      const english = purchaseLines(type as keyof typeof DETAILS, detail);
      const spanish = purchaseLines(type as keyof typeof DETAILS, detail, "es");
      expect(english.length, type).toBeGreaterThan(0);
      expect(spanish.length).toBe(english.length);
      spanish.forEach((line, i) => {
        if (english[i]!.label !== "IMEI") expect(line.label, english[i]!.label).not.toBe(english[i]!.label);
      });
    }
  });

  it("word and format the shop's own values in Spanish, and keep catalog names", () => {
    expect(purchaseLines("topup", DETAILS.topup, "es")).toEqual([
      { label: "Producto", value: "10 GBP Airtime" },
      { label: "Número de teléfono", value: "+44 7400 123456" },
      { label: "Operador", value: "O2, Reino Unido" },
      { label: "Tipo", value: "Saldo" },
      { label: "SMS al destinatario", value: "Sí" },
    ]);
    expect(purchaseLines("esim", DETAILS.esim, "es")).toEqual([
      { label: "Destino", value: "Japan (JP)" },
      { label: "Datos", value: "1,5 GB" },
      { label: "Validez", value: "30 días" },
    ]);
    expect(purchaseLines("giftcard", DETAILS.giftcard, "es").at(-1)).toEqual({
      label: "Valor de la tarjeta",
      value: "15\u00a0GBP",
    });
    expect(purchaseLines("unlock", DETAILS.unlock, "es").at(-1)).toEqual({
      label: "Datos adicionales indicados",
      value: "Número de serie, PIN del teléfono",
    });
    expect(purchaseLines("imeicheck", DETAILS.imeicheck, "es").at(-1)).toEqual({
      label: "Informe",
      value: "Informe completo: estado en listas negras, listas de redes e historial",
    });
  });
});

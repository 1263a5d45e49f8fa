import type { ProductModule } from "@/lib/products/contract";
import { COMMERCE_POLLING } from "@/lib/products/commerce-polling";
import { obj, text } from "@/lib/products/loose-json";
import { esimDetailSchema, readEsimDetail } from "./detail";
import { esimInstall, esimPurchaseLines } from "./lines";
import { esimDeliveryParts } from "./mail";
import { esimUpstream } from "./upstream";

// The travel eSIM as the shop's product contract (lib/products/contract.ts). The sale step
// loads on first use: it reads the request and the live catalog, and the worker and the quote
// load this module (a static import would bring next/headers into the worker and make a cycle
// through lib/orders/quote.ts).

export const esimModule = {
  type: "esim",
  detail: { schema: esimDetailSchema, read: readEsimDetail },
  fulfilment: {
    read: esimInstall,
    // The activation code (LPA string) and the two URLs built from it (install, QR source).
    secretFields: ["lpaString", "installUrl", "qrCodeUrl"],
  },
  sale: (request) => async (context) => (await import("./sale")).esimSale(request)(context),
  upstream: esimUpstream,
  lines: { purchase: (detail) => esimPurchaseLines(detail), delivery: () => [] },
  mail: { deliveryParts: ({ fulfillment, locale }) => esimDeliveryParts(fulfillment, locale) },
  buyAgain: {
    label: "OrderBuyAgain.esim",
    async href(order) {
      const esim = readEsimDetail(order.detail);
      return esim?.destinationCode && esim.catalogId
        ? `/esim/${esim.destinationCode}/${encodeURIComponent(esim.catalogId)}`
        : "/esim";
    },
  },
  staff: {
    reportTop(value) {
      const detail = obj(value);
      const esim = obj(detail.esim);
      const label = text(
        esim.destinationName,
        esim.countryName,
        detail.destinationName,
        detail.countryName,
        obj(detail.product).country_iso,
      );
      return label ? { list: "destinations", label: label.length === 2 ? label.toUpperCase() : label } : null;
    },
    summary: null,
  },
  polling: COMMERCE_POLLING,
  files: ["esim-qr.png"],
  cancel: null,
} satisfies ProductModule<"esim">;

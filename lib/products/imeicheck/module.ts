import type { ProductModule } from "@/lib/products/contract";
import { imeiCheckDetailSchema, readImeiCheckDetail } from "./detail";
import { imeiCheckPurchaseLines, imeiCheckStaffSummary, readImeiCheck } from "./lines";
import { imeiCheckDeliveryParts } from "./mail";

// The IMEI check as the shop's product contract (lib/products/contract.ts). The check answers
// when it is placed, so the worker never polls it; "buy again" starts a new check. The sale step
// loads on first use: it reads the request and the live catalog, and the worker and the quote
// load this module (a static import would bring next/headers into the worker and make a cycle
// through lib/orders/quote.ts).

export const imeicheckModule = {
  type: "imeicheck",
  detail: { schema: imeiCheckDetailSchema, read: readImeiCheckDetail },
  fulfilment: { read: readImeiCheck, secretFields: [] },
  sale: (request) => async (context) => (await import("./sale")).imeiCheckSale(request)(context),
  upstream: {
    api: "unlock",
    request: (detail) => {
      const parsed = imeiCheckDetailSchema.safeParse(detail ?? {});
      return parsed.success ? parsed.data : null;
    },
  },
  lines: { purchase: imeiCheckPurchaseLines, delivery: () => [] },
  mail: { deliveryParts: ({ fulfillment, locale }) => imeiCheckDeliveryParts(fulfillment, locale) },
  buyAgain: { label: "OrderBuyAgain.imeicheck", href: async () => "/imei-check" },
  staff: { reportTop: () => null, summary: imeiCheckStaffSummary },
  polling: null,
  files: ["report.pdf"],
  cancel: null,
} satisfies ProductModule<"imeicheck">;

import type { ProductModule, ProductPolling } from "@/lib/products/contract";
import { obj, text } from "@/lib/products/loose-json";
import { unlockPollDelayMs } from "@/lib/orders/schedule";
import { CANCELLABLE_UNLOCK_STATUSES, UNLOCK_CANCEL_WINDOW_MS } from "./cancel-window";
import { readUnlockDetail, unlockDetailSchema } from "./detail";
import { unlockPurchaseLines } from "./lines";
import { unlockDeliveryParts } from "./mail";

// The device unlock as the shop's product contract (lib/products/contract.ts). An unlock is not
// bought twice for one phone, so it has no "buy again". The sale step
// loads on first use: it reads the request and the live catalog, and the worker and the quote
// load this module (a static import would bring next/headers into the worker and make a cycle
// through lib/orders/quote.ts).

const polling: NonNullable<ProductPolling> = {
  api: "unlock",
  delayMs(order, _attempts, now) {
    // Available but the instructions were not readable: try again in a minute.
    if (order.upstreamStatus === "available") return 60_000;
    const since = now.getTime() - (order.placedAt ?? now).getTime();
    return unlockPollDelayMs(readUnlockDetail(order.detail).guaranteedTimeType, since);
  },
};

export const unlockModule = {
  type: "unlock",
  detail: { schema: unlockDetailSchema, read: readUnlockDetail },
  fulfilment: {
    read: (fulfillment) => ({ instructions: text(obj(fulfillment).instructions) }),
    // The instructions carry the unlock code.
    secretFields: ["instructions"],
  },
  sale: (request) => async (context) => (await import("./sale")).unlockSale(request)(context),
  upstream: {
    api: "unlock",
    request: (detail) => {
      const parsed = unlockDetailSchema.safeParse(detail);
      return parsed.success ? parsed.data : null;
    },
  },
  lines: { purchase: unlockPurchaseLines, delivery: () => [] },
  mail: { deliveryParts: ({ fulfillment, locale }) => unlockDeliveryParts(fulfillment, locale) },
  buyAgain: null,
  staff: {
    reportTop(value) {
      // The unlock sale stores `unlock: { brandName, deviceName, … }` (./detail.ts).
      const detail = obj(value);
      const unlock = obj(detail.unlock);
      const brand = text(unlock.brandName);
      const device = text(unlock.deviceName);
      const named =
        device && brand && !device.toLowerCase().startsWith(brand.toLowerCase()) ? `${brand} ${device}` : device;
      const label = text(named, typeof detail.deviceId === "number" ? `Device #${detail.deviceId}` : null);
      return label ? { list: "devices", label } : null;
    },
    summary: null,
  },
  polling,
  files: [],
  cancel: { windowMs: UNLOCK_CANCEL_WINDOW_MS, cancellableStatuses: CANCELLABLE_UNLOCK_STATUSES },
} satisfies ProductModule<"unlock">;

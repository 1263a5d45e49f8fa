import type { ProductPolling } from "./contract";
import { commercePollDelayMs, MANUAL_REVISION_POLL_MS } from "@/lib/orders/schedule";

/** The commerce products' polling (DESIGN.md "Following an order"): the backoff, slower while the supplier's staff check it by hand. */
export const COMMERCE_POLLING: NonNullable<ProductPolling> = {
  api: "commerce",
  delayMs: (order, attempts) =>
    order.status === "needs_attention" ? MANUAL_REVISION_POLL_MS : commercePollDelayMs(attempts),
};

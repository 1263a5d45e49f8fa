import { registerFrontRoute } from "@/lib/http/front-routes.mjs";
import { queuedAfterAnswer } from "./after-answer";
import { COMMERCE_WEBHOOK_PATH, receiveCommerceDelivery } from "./commerce-endpoint";
import { MAX_BODY_BYTES, REJECTED_PREFIX_BYTES } from "./read-body";

// The commerce webhook receiver at scripts/serve.mjs's front door (lib/http/front-routes.mjs):
// the same receiver as the Next.js route, without Next.js's request pipeline (docs/benchmarks.md,
// "Webhook ingest"). Processing after the answer runs a few at a time, and at a trickle during a
// burst, so a burst is stored and acknowledged first; what cannot wait in memory is left to the
// sweep (./sweep.ts). Called once per app process by instrumentation.ts.

export function registerCommerceFrontRoute(): void {
  const afterAnswer = queuedAfterAnswer();
  registerFrontRoute("POST", COMMERCE_WEBHOOK_PATH, {
    maxBodyBytes: MAX_BODY_BYTES,
    prefixBytes: REJECTED_PREFIX_BYTES,
    handle: ({ headers, body }) => receiveCommerceDelivery(headers, body, afterAnswer),
  });
}

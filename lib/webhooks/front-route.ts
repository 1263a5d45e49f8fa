import { registerFrontRoute } from "@/lib/http/front-routes.mjs";
import { queuedAfterAnswer } from "./after-answer";
import { COMMERCE_WEBHOOK_PATH, receiveCommerceWebhook } from "./commerce-endpoint";

// The commerce webhook receiver at scripts/serve.mjs's front door (lib/http/front-routes.mjs):
// the same receiver as the Next.js route, without Next.js's request pipeline (docs/benchmarks.md,
// "Webhook ingest"). Processing after the answer runs a few at a time, so a burst is stored and
// acknowledged first; what cannot wait in memory is left to the sweep (./sweep.ts).
// Called once per app process by instrumentation.ts.

export function registerCommerceFrontRoute(): void {
  const afterAnswer = queuedAfterAnswer();
  registerFrontRoute("POST", COMMERCE_WEBHOOK_PATH, (request) => receiveCommerceWebhook(request, afterAnswer));
}

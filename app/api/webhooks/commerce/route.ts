import { afterAnswer } from "@/lib/webhooks/after-answer";
import { receiveCommerceWebhook } from "@/lib/webhooks/commerce-endpoint";

// POST /api/webhooks/commerce: everything is in lib/webhooks/commerce-endpoint.ts. In
// `npm start`, scripts/serve.mjs answers this path before Next.js (lib/webhooks/front-route.ts);
// this route answers when the shop runs otherwise (`next dev`, tests calling POST).

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return receiveCommerceWebhook(request, afterAnswer);
}

import { z } from "zod";
import type { CommerceUpstream } from "@/lib/products/contract";
import type { OrderRequestBody } from "@/lib/upstream/commerce/schemas";
import { topupDetailSchema } from "./detail";

// What placement sends for a top-up (C§2): the price token and the phone number, the SMS notice
// when the buyer asked for one, the checkout mode and the buyer's language (Order.locale), in
// which the upstream words the order's texts where it can.

const shape = topupDetailSchema.shape;
const requestSchema = z.looseObject({
  priceToken: shape.priceToken,
  phone: z.string().optional(),
  smsNotification: shape.smsNotification,
  smsText: shape.smsText,
});

export const topupUpstream: CommerceUpstream = {
  api: "commerce",
  fields: { phone: "Enter the phone number to top up.", catalogId: null, sms: true },
  body(detail, mode, lang) {
    const parsed = requestSchema.safeParse(detail);
    if (!parsed.success) return null;
    const request = parsed.data;
    const body: OrderRequestBody = { price_token: request.priceToken, checkout_mode: mode, lang };
    body.phone = request.phone;
    if (request.smsNotification) body.sms_notification = true;
    if (request.smsNotification && request.smsText) body.sms_text = request.smsText;
    return body;
  },
  renewPriceToken: null,
};

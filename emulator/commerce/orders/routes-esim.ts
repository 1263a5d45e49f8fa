import { Hono } from "hono";
import QRCode from "qrcode";
import { commerceOk } from "../../core/envelope";
import { requireAuth, type CommerceEnv } from "../auth";
import { esimGuard } from "../esim-guard";
import type { OrdersDeps } from "./deps";
import { orderError } from "./errors";
import { qrSignatureValid } from "./esim-provisioning";
import { lineView, readUsage } from "./esim-usage";

// Spec section 4 "Travel eSIM catalog": the two eSIM endpoints that belong to orders.
// Both are behind the eSIM switch (404 ESIM_DISABLED).

export function esimRoutes(deps: OrdersDeps): Hono<CommerceEnv> {
  const { ctx, state } = deps;
  const app = new Hono<CommerceEnv>();

  // Remaining data of one of the caller's lines, through the same five-minute gate as order detail.
  app.get("/esim/lines/:iccid", esimGuard(ctx), requireAuth(ctx, { scope: "orders:read" }), (c) => {
    const { account, environment } = c.get("principal");
    const line = state.lines.get(c.req.param("iccid"));
    if (!line || line.accountId !== account.id || line.environment !== environment) {
      return orderError(c, ctx, { code: "LINE_NOT_FOUND", message: "No eSIM line with this ICCID on your account" });
    }
    return commerceOk(c, ctx, lineView(line, readUsage(line, ctx.clock.now())));
  });

  // No auth: the URL itself is the credential (ticket id + HMAC). The PNG encodes exactly the lpa_string.
  app.get("/esim/qr/:ticket/:sig", esimGuard(ctx), async (c) => {
    const ticket = c.req.param("ticket");
    if (!qrSignatureValid(state.qrKey, ticket, c.req.param("sig"))) {
      return orderError(c, ctx, { code: "INVALID_QR_SIGNATURE", message: "The QR link signature does not match" });
    }
    const order = state.orders.get(state.qrTickets.get(ticket) ?? "");
    if (!order?.esim) return orderError(c, ctx, { code: "QR_NOT_FOUND", message: "No QR code for this ticket" });
    const png = await QRCode.toBuffer(order.esim.lpaString, {
      type: "png",
      errorCorrectionLevel: "M",
      margin: 2,
      width: 300,
    });
    return c.body(new Uint8Array(png), 200, { "Content-Type": "image/png", "Cache-Control": "private, max-age=300" });
  });

  return app;
}

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REFUND_IN_PROGRESS, REFUND_NOT_CONFIRMED } from "@/lib/payments/refund";
import { KNOWN_WORDINGS, statusReasonText, timelineTitle } from "./buyer-text";
import { BUYER_REASONS } from "./placement-outcomes";
import { REFUND_PENDING } from "./refund-due";
import { KNOWN_UPSTREAM_STATUSES, mapCommerceStatus, mapUnlockStatus } from "./upstream-status";

// The order's stored English texts read in Spanish (docs/i18n.md, "Texts the shop stored in
// English"): each wording the order core writes for buyers is known, so a reworded text fails here
// rather than showing up in English.

const event = (
  message: string | null,
  extra: { type?: string; toStatus?: "paid" | "failed" | "needs_attention" | null } = {},
) => ({
  type: extra.type ?? "status",
  toStatus: extra.toStatus ?? null,
  message,
});

describe("status reasons", () => {
  const written = [
    ...Object.values(BUYER_REASONS),
    ...KNOWN_UPSTREAM_STATUSES.commerce.flatMap((raw) => [
      mapCommerceStatus(raw, "credits").reason,
      mapCommerceStatus(raw, "payment_link").reason,
    ]),
    ...KNOWN_UPSTREAM_STATUSES.unlock.map((raw) => mapUnlockStatus(raw).reason),
    REFUND_IN_PROGRESS,
    REFUND_NOT_CONFIRMED,
  ].filter((reason): reason is string => Boolean(reason));

  it("are shown as stored in English", () => {
    for (const reason of written) expect(statusReasonText(reason, "en")).toBe(reason);
  });

  it("are all translated into Spanish", () => {
    for (const reason of written) expect(statusReasonText(reason, "es"), reason).not.toBe(reason);
  });

  it("translate a failed order's refund note with its reason", () => {
    expect(statusReasonText(`The supplier could not complete the order. ${REFUND_PENDING}`, "es")).toBe(
      "El proveedor no ha podido completar el pedido. Reembolso pendiente.",
    );
    expect(statusReasonText("The supplier could not complete the order. Your payment was refunded.", "es")).toBe(
      "El proveedor no ha podido completar el pedido. Se te ha reembolsado el pago.",
    );
    expect(statusReasonText("The supplier refused the order: Invalid number.", "es")).toBe(
      "El proveedor ha rechazado el pedido: Invalid number.",
    );
  });

  it("leave a text they do not know as it is", () => {
    expect(statusReasonText("Something staff wrote.", "es")).toBe("Something staff wrote.");
  });
});

describe("timeline titles", () => {
  it("are the stored message in English, else the status, else the kind of event", () => {
    expect(timelineTitle(event("Payment received (test payment)."), "en")).toBe("Payment received (test payment).");
    expect(timelineTitle(event(null, { toStatus: "paid" }), "en")).toBe("Status: Paid");
    expect(timelineTitle(event(null, { type: "code_revealed" }), "en")).toBe("Code revealed");
  });

  it("translate the core's messages into Spanish", () => {
    expect(timelineTitle(event("Order created"), "es")).toBe("Pedido creado");
    expect(timelineTitle(event("Payment received (test payment)."), "es")).toBe("Pago recibido (pago de prueba).");
    expect(timelineTitle(event("Checkout opened (card payment)."), "es")).toBe(
      "Página de pago abierta (pago con tarjeta).",
    );
    expect(
      timelineTitle(
        event("Payment declined (test card declined). Nothing was charged; the order is still waiting for payment."),
        "es",
      ),
    ).toBe("Pago rechazado. No se ha cobrado nada; el pedido sigue pendiente de pago.");
    expect(timelineTitle(event("Placed with the supplier: ticket 4711"), "es")).toBe(
      "Pedido realizado con el proveedor: 4711",
    );
    expect(timelineTitle(event("Supplier status: failed. The supplier could not complete the order."), "es")).toBe(
      "Estado en el proveedor: failed. El proveedor no ha podido completar el pedido.",
    );
    expect(
      timelineTitle(event("Refunded (card payment): the order ended failed upstream", { type: "refund" }), "es"),
    ).toBe("Reembolsado (pago con tarjeta)");
    expect(
      timelineTitle(event("The IMEI was not recognised by the checking service.", { toStatus: "failed" }), "es"),
    ).toBe("El servicio de comprobación no ha reconocido el IMEI.");
  });

  it("replace a staff note by what happened", () => {
    expect(
      timelineTitle(
        event("Supplier price changed since the quote: 100 → 120 EUR (minor units); the buyer's price stays.", {
          type: "price_changed",
        }),
        "es",
      ),
    ).toBe("El precio del proveedor ha cambiado; tu precio sigue igual");
    expect(
      timelineTitle(
        event("Handling this order failed 3 times in a row (last error: x).", { toStatus: "needs_attention" }),
        "es",
      ),
    ).toBe("Estado: En revisión");
    expect(timelineTitle(event("Something new", { type: "something_new" }), "es")).toBe("Actualización");
  });
});

describe("stored wordings", () => {
  const sources = ["lib/orders", "lib/payments", "lib/fulfilment"].flatMap((dir) =>
    readdirSync(join(process.cwd(), dir))
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .map((name) => readFileSync(join(process.cwd(), dir, name), "utf8")),
  );

  it("are each written somewhere by the order core", () => {
    const unused = KNOWN_WORDINGS.filter((wording) => !sources.some((source) => source.includes(wording)));
    expect(unused).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { paymentErrorText } from "./error-text";
import { PaymentError } from "./types";

describe("payment errors", () => {
  it("keep their own words in English and use the catalog's otherwise", () => {
    const error = new PaymentError("provider_unavailable", "Stripe is not configured (STRIPE_SECRET_KEY).");
    expect(paymentErrorText(error, "en")).toBe("Stripe is not configured (STRIPE_SECRET_KEY).");
    expect(paymentErrorText(error, "es")).toBe(
      "No se ha podido abrir la página de pago. Inténtalo de nuevo en un momento.",
    );
    expect(paymentErrorText(new PaymentError("not_staff", "Only staff can take payments at the counter."), "es")).toBe(
      "No hemos podido abrir la página de pago. Inténtalo de nuevo en un momento.",
    );
  });
});

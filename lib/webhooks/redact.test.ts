import { describe, expect, it } from "vitest";
import { isSecretField, redactDeliveredSecrets, REDACTED } from "./redact";

describe("redactDeliveredSecrets", () => {
  it("replaces gift card and eSIM secrets anywhere in a JSON body, and keeps everything else", () => {
    const body = JSON.stringify({
      id: "evt_1",
      data: {
        order_id: "ord_1",
        iccid: "8988",
        lpa_string: "LPA:1$x$y",
        install_url: "https://x?carddata=LPA",
        qr_code_url: "https://q",
        redemption_code: "AB12",
        redemption_url: "https://r",
        extra: { pin: 1234, activation_code: "z", failure_reason: null },
      },
    });
    const out = JSON.parse(redactDeliveredSecrets(body));
    expect(out).toEqual({
      id: "evt_1",
      data: {
        order_id: "ord_1",
        iccid: "8988",
        lpa_string: REDACTED,
        install_url: REDACTED,
        qr_code_url: REDACTED,
        redemption_code: REDACTED,
        redemption_url: REDACTED,
        extra: { pin: REDACTED, activation_code: REDACTED, failure_reason: null },
      },
    });
  });

  it("returns a body with nothing to redact byte for byte, null secrets included", () => {
    const body =
      '{ "type": "order.fulfilled", "data": {"order_id":"ord_2","redemption_code":null, "delivery_status":"delivered"} }';
    expect(redactDeliveredSecrets(body)).toBe(body);
  });

  it("redacts a truncated prefix field by field, a value cut off at the end included", () => {
    expect(
      redactDeliveredSecrets('{"data":{"order_id":"ord_3","redemption_code":"AB12-CD34","lpa_string":"LPA:1$smdp'),
    ).toBe('{"data":{"order_id":"ord_3","redemption_code":"[redacted]","lpa_string":"[redacted]"');
  });

  it("matches secret words as parts of snake_case and camelCase names only", () => {
    for (const name of ["pin", "pin_code", "lpaString", "redemptionCode", "qrCodeUrl", "installUrl", "activation_code"])
      expect(isSecretField(name)).toBe(true);
    for (const name of ["shipping", "spinner", "order_id", "iccid", "opinion", "status"])
      expect(isSecretField(name)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { appleInstallUrl, parseActivationCode } from "./lpa";

// Vectors from shared/spec/test-vectors.md "eSIM activation codes".

describe("parseActivationCode", () => {
  it("reads the plain form", () => {
    expect(parseActivationCode("LPA:1$SMDP.EXAMPLE.COM$04386-AGYFT-A74Y8-3F815")).toEqual({
      ok: true,
      value: {
        lpa: "LPA:1$SMDP.EXAMPLE.COM$04386-AGYFT-A74Y8-3F815",
        smdpAddress: "SMDP.EXAMPLE.COM",
        matchingId: "04386-AGYFT-A74Y8-3F815",
        smdpOid: null,
        confirmationCodeRequired: false,
      },
    });
  });

  it("reads the OID and the confirmation flag, and adds the LPA: prefix the QR carries", () => {
    expect(parseActivationCode("1$SMDP.EXAMPLE.COM$04386-AGYFT-A74Y8-3F815$1.3.6.1.4.1.31746$1")).toEqual({
      ok: true,
      value: {
        lpa: "LPA:1$SMDP.EXAMPLE.COM$04386-AGYFT-A74Y8-3F815$1.3.6.1.4.1.31746$1",
        smdpAddress: "SMDP.EXAMPLE.COM",
        matchingId: "04386-AGYFT-A74Y8-3F815",
        smdpOid: "1.3.6.1.4.1.31746",
        confirmationCodeRequired: true,
      },
    });
  });

  it("refuses a code without a matching ID", () => {
    expect(parseActivationCode("1$SMDP.EXAMPLE.COM")).toEqual({
      ok: false,
      error: "The activation code has no matching ID.",
    });
    expect(parseActivationCode("LPA:1$SMDP.EXAMPLE.COM$")).toMatchObject({ ok: false });
  });

  it("refuses other versions, bad addresses, OIDs and flags", () => {
    expect(parseActivationCode("LPA:2$SMDP.EXAMPLE.COM$X")).toMatchObject({ ok: false });
    expect(parseActivationCode("")).toMatchObject({ ok: false });
    expect(parseActivationCode("LPA:1$not a host$X")).toMatchObject({ ok: false });
    expect(parseActivationCode("LPA:1$localhost$X")).toMatchObject({ ok: false });
    expect(parseActivationCode("LPA:1$SMDP.EXAMPLE.COM$X$abc")).toMatchObject({ ok: false });
    expect(parseActivationCode("LPA:1$SMDP.EXAMPLE.COM$X$1.2.3$0")).toMatchObject({ ok: false });
    expect(parseActivationCode("LPA:1$SMDP.EXAMPLE.COM$X$1.2.3$1$more")).toMatchObject({ ok: false });
  });

  it("accepts an empty OID field before the flag, and a port on the address", () => {
    expect(parseActivationCode("LPA:1$smdp.example.com:8443$ABC$$1")).toMatchObject({
      ok: true,
      value: { smdpAddress: "smdp.example.com:8443", smdpOid: null, confirmationCodeRequired: true },
    });
  });
});

describe("appleInstallUrl", () => {
  it("URL-encodes the whole activation code after the universal link", () => {
    expect(appleInstallUrl("LPA:1$SMDP.EXAMPLE.COM$04386-AGYFT-A74Y8-3F815")).toBe(
      "https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24SMDP.EXAMPLE.COM%2404386-AGYFT-A74Y8-3F815",
    );
  });
});

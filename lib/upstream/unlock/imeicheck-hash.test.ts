import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { imeiCheckAccessProblem, imeiCheckForm, imeiCheckHash } from "./imeicheck-hash";
import {
  describeImeiCheckHashSettings,
  imeiCheckHashEnv,
  imeiCheckHashSettingsFromEnv,
  type ImeiCheckHashSettings,
} from "./imeicheck-hash-settings";

// The IMEI check hash from settings (U§4: the function, key and argument order are not shown,
// so they are the operator's settings) and the one decision of how a check is sent.

const INPUT = { svcKey: "svc_live_key_0001", svcSecret: "svc_live_secret_0001", imei: "490154203237518" };
const settings = (s: Partial<ImeiCheckHashSettings>): ImeiCheckHashSettings => ({
  algorithm: "hmac-sha256",
  key: "svc_secret",
  arguments: ["svc_key", "imei"],
  encoding: "hex",
  secret: null,
  ...s,
});

describe("imeiCheckHash", () => {
  it('published vectors: HMAC-SHA256 (RFC 4231 case 2), SHA-256 and MD5 of "abc" (FIPS 180-2, RFC 1321)', () => {
    const rfc4231 = { svcKey: "", svcSecret: "Jefe", imei: "what do ya want for nothing?" };
    expect(imeiCheckHash(settings({ arguments: ["imei"] }), rfc4231)).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
    const abc = { ...INPUT, imei: "abc" };
    expect(imeiCheckHash(settings({ algorithm: "sha256", key: null, arguments: ["imei"] }), abc)).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(
      imeiCheckHash(settings({ algorithm: "md5", key: null, arguments: ["imei"], encoding: "hex-upper" }), abc),
    ).toBe("900150983CD24FB0D6963F7D28E17F72");
  });

  it("joins the arguments with #### in the configured order, keyed as configured", () => {
    // The embedded emulator's rule, written out (emulator/unlock/README.md "IMEI check hash").
    const expected = createHmac("sha256", INPUT.svcSecret).update("svc_live_key_0001####490154203237518").digest("hex");
    expect(imeiCheckHash(settings({}), INPUT)).toBe(expected);
    const reordered = createHmac("sha1", "salt").update("490154203237518####svc_live_key_0001").digest("base64url");
    expect(
      imeiCheckHash(
        settings({
          algorithm: "hmac-sha1",
          key: "secret",
          arguments: ["imei", "svc_key"],
          encoding: "base64url",
          secret: "salt",
        }),
        INPUT,
      ),
    ).toBe(reordered);
  });
});

describe("imeiCheckForm: the one decision", () => {
  it("sandbox → hash-less (U§4); production with settings → the hash; production without → off, with the staff message", () => {
    expect(imeiCheckForm({ environment: "sandbox", hash: null }, INPUT)).toEqual({ kind: "hashless" });
    expect(imeiCheckForm({ environment: "sandbox", hash: settings({}) }, INPUT)).toEqual({ kind: "hashless" });
    expect(imeiCheckForm({ environment: "production", hash: settings({}) }, INPUT)).toEqual({
      kind: "hash",
      hash: imeiCheckHash(settings({}), INPUT),
    });
    const off = imeiCheckForm({ environment: "production", hash: null }, INPUT);
    expect(off).toEqual({
      kind: "off",
      reason:
        "IMEI checks are off: the unlocking account is production and no IMEI check hash is configured (Admin → Upstream connection)",
    });
    expect(imeiCheckAccessProblem({ environment: "production", hash: null })).toBe(
      off.kind === "off" ? off.reason : "",
    );
    expect(imeiCheckAccessProblem({ environment: "sandbox", hash: null })).toBeNull();
  });
});

describe("settings from the environment", () => {
  it("none when the algorithm is unset; the full set round-trips through imeiCheckHashEnv", () => {
    expect(imeiCheckHashSettingsFromEnv({})).toEqual({ ok: true, settings: null });
    const full = settings({
      algorithm: "hmac-md5",
      key: "secret",
      arguments: ["svc_key", "imei", "svc_secret"],
      encoding: "base64",
      secret: "s3",
    });
    expect(imeiCheckHashSettingsFromEnv(imeiCheckHashEnv(full))).toEqual({ ok: true, settings: full });
    expect(
      imeiCheckHashSettingsFromEnv({
        UNLOCK_IMEICHECK_HASH_ALGORITHM: "SHA256",
        UNLOCK_IMEICHECK_HASH_ARGUMENTS: " svc_key , IMEI ",
        UNLOCK_IMEICHECK_HASH_ENCODING: "hex",
      }),
    ).toEqual({
      ok: true,
      settings: { algorithm: "sha256", key: null, arguments: ["svc_key", "imei"], encoding: "hex", secret: null },
    });
  });

  it("names each variable that is missing or inconsistent", () => {
    const problems = (source: Record<string, string>) => {
      const result = imeiCheckHashSettingsFromEnv({ UNLOCK_IMEICHECK_HASH_ENCODING: "hex", ...source });
      return result.ok ? [] : result.problems.map((p) => `${p.variable} ${p.message}`);
    };
    expect(
      problems({ UNLOCK_IMEICHECK_HASH_ALGORITHM: "hmac-sha256", UNLOCK_IMEICHECK_HASH_ARGUMENTS: "svc_key,imei" }),
    ).toEqual(["UNLOCK_IMEICHECK_HASH_KEY is required with UNLOCK_IMEICHECK_HASH_ALGORITHM=hmac-sha256"]);
    expect(
      problems({
        UNLOCK_IMEICHECK_HASH_ALGORITHM: "md5",
        UNLOCK_IMEICHECK_HASH_KEY: "svc_secret",
        UNLOCK_IMEICHECK_HASH_ARGUMENTS: "imei",
      }),
    ).toEqual(["UNLOCK_IMEICHECK_HASH_KEY a plain digest takes no key (put it among the arguments)"]);
    expect(
      problems({ UNLOCK_IMEICHECK_HASH_ALGORITHM: "md5", UNLOCK_IMEICHECK_HASH_ARGUMENTS: "svc_key,secret" }),
    ).toEqual([
      "UNLOCK_IMEICHECK_HASH_ARGUMENTS must include imei (the hash groups the method's arguments)",
      "UNLOCK_IMEICHECK_HASH_SECRET is required with UNLOCK_IMEICHECK_HASH_ALGORITHM=md5",
    ]);
  });

  it("describes settings for staff without the secret", () => {
    const text = describeImeiCheckHashSettings(settings({ key: "secret", secret: "do-not-show" }));
    expect(text).toBe("HMAC-SHA256 (key: secret) of svc_key####imei, hex");
  });
});

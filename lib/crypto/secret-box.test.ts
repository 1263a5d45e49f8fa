import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secret-box";

const key = randomBytes(32).toString("base64");

describe("secret box", () => {
  it("round-trips a secret and never stores the plaintext", () => {
    const sealed = sealSecret("sk_abcdefghijklmnopqrstuvwxyz012345", key);
    expect(sealed).not.toContain("sk_abc");
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(openSecret(sealed, key)).toBe("sk_abcdefghijklmnopqrstuvwxyz012345");
  });

  it("uses a fresh nonce each time", () => {
    expect(sealSecret("same", key)).not.toBe(sealSecret("same", key));
  });

  it("fails with the wrong key", () => {
    const sealed = sealSecret("secret", key);
    expect(() => openSecret(sealed, randomBytes(32).toString("base64"))).toThrow();
  });

  it("fails when the ciphertext was tampered with", () => {
    const [v, nonce, ciphertext, tag] = sealSecret("secret value", key).split(".");
    const flipped = Buffer.from(ciphertext!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openSecret([v, nonce, flipped.toString("base64url"), tag].join("."), key)).toThrow();
  });

  it("refuses a value that is not sealed", () => {
    expect(() => openSecret("plain text", key)).toThrow("not a sealed secret");
  });
});

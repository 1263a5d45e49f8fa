import { describe, expect, it } from "vitest";
import {
  BUSY,
  hashPassword,
  needsRehash,
  orBusy,
  PasswordHashingBusy,
  passwordProblem,
  verifyPassword,
} from "./password";

// Each hash costs ~0.8 s and 128 MiB by design (scrypt N=2^17): a loaded CI machine runs several
// at once, so these tests get the integration tests' time budget rather than the unit default.
describe("password hashing", { timeout: 30_000 }, () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery");
    // OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1.
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(needsRehash(stored)).toBe(false);
    expect(stored).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same password")).not.toBe(await hashPassword("same password"));
  });

  it("refuses a malformed stored hash instead of throwing", async () => {
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$1$2$3$a$b")).toBe(false);
  });

  it("still verifies a hash made with the old parameters (N=2^15), and marks it for a rehash", async () => {
    // Made by the previous hashPassword (scrypt N=2^15, r=8, p=1) for "correct horse battery".
    const { scryptSync } = await import("node:crypto");
    const salt = Buffer.from("0123456789abcdef");
    const old = [
      "scrypt",
      32768,
      8,
      1,
      salt.toString("base64url"),
      scryptSync("correct horse battery", salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }).toString(
        "base64url",
      ),
    ].join("$");
    expect(await verifyPassword("correct horse battery", old)).toBe(true);
    expect(await verifyPassword("wrong horse battery", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it("refuses absurd parameters from a corrupt row without trying them", async () => {
    expect(await verifyPassword("x", "scrypt$1099511627776$8$1$c2FsdA$aGFzaA")).toBe(false);
    expect(await verifyPassword("x", "scrypt$1000$8$1$c2FsdA$aGFzaA")).toBe(false);
    expect(needsRehash("scrypt$1000$8$1$c2FsdA$aGFzaA")).toBe(true);
  });

  it("says what is wrong with a weak password", () => {
    expect(passwordProblem("short")).toBe("Use at least 10 characters.");
    expect(passwordProblem("long enough password")).toBeNull();
  });

  it("lets a form answer 'busy' when the hashing gate refuses, and passes every other error on", async () => {
    expect(await orBusy(async () => "done")).toBe("done");
    expect(await orBusy(async () => Promise.reject(new PasswordHashingBusy()))).toBe(BUSY);
    await expect(orBusy(async () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
  });
});

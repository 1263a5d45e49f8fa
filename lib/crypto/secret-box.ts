import "server-only";
// Encryption at rest for secrets kept in the database (API keys, OAuth tokens, webhook
// secrets): AES-256-GCM with a random 96-bit nonce. The sealed form is versioned text
// "v1.<nonce>.<ciphertext>.<tag>" (base64url), so the key or algorithm can change later.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";

function keyBytes(keyBase64: string): Buffer {
  const key = Buffer.from(keyBase64, "base64");
  if (key.length !== 32) throw new Error("encryption key must be 32 bytes (base64)");
  return key;
}

export function sealSecret(plaintext: string, keyBase64: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyBytes(keyBase64), nonce);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, nonce, ciphertext, cipher.getAuthTag()]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function openSecret(sealed: string, keyBase64: string): string {
  const [version, nonce, ciphertext, tag] = sealed.split(".");
  if (version !== VERSION || nonce === undefined || ciphertext === undefined || tag === undefined) {
    throw new Error("not a sealed secret");
  }
  const decipher = createDecipheriv("aes-256-gcm", keyBytes(keyBase64), Buffer.from(nonce, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  // A wrong key or tampered value fails here, at the tag check.
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

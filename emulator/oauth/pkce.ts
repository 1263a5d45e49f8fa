import { createHash } from "node:crypto";

// PKCE (RFC 7636), S256 only: code_challenge = BASE64URL(SHA-256(ASCII(code_verifier))).

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export const isCodeVerifier = (value: string) => VERIFIER.test(value);
export const isCodeChallenge = (value: string) => CHALLENGE.test(value);

export function s256Challenge(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

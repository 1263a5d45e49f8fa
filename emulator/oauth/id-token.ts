import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { SignJWT, exportJWK, type JWK } from "jose";
import type { CommerceAccount } from "../core/accounts";
import type { EmulatorContext } from "../core/context";
import type { KeyRing } from "../core/keys";
import { oauthUrls } from "./urls";

// OpenID Connect identity: an RS256 ID token when `openid` was granted, its public key as a
// JWKS, and the claims for the userinfo endpoint. The key pair is made on first use so that
// emulators that never issue an ID token do not pay for RSA key generation; it lives in the
// emulator's key ring (as PEM), so a restart on the same state file keeps the JWKS.

const KEY_ID = "emulator-id-token-1";
const KEY_NAME = "oauth.id-token-rsa";
export const ID_TOKEN_LIFETIME_S = 3600;

export class IdTokenSigner {
  private keys: { privateKey: KeyObject; publicKey: KeyObject } | undefined;

  constructor(private readonly ring: KeyRing) {}

  private keyPair() {
    this.keys ??= fromPem(
      this.ring.text(KEY_NAME, () => {
        const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
        return privateKey.export({ type: "pkcs8", format: "pem" }).toString();
      }),
    );
    return this.keys;
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    const jwk = await exportJWK(this.keyPair().publicKey);
    return { keys: [{ ...jwk, kid: KEY_ID, alg: "RS256", use: "sig" }] };
  }

  async sign(
    ctx: EmulatorContext,
    input: { account: CommerceAccount; clientId: string; scopes: string[]; nonce?: string; authTime: number },
  ): Promise<string> {
    const iat = Math.floor(ctx.clock.now() / 1000);
    return new SignJWT({
      ...identityClaims(input.account, input.scopes),
      auth_time: Math.floor(input.authTime / 1000),
      ...(input.nonce ? { nonce: input.nonce } : {}),
    })
      .setProtectedHeader({ alg: "RS256", kid: KEY_ID, typ: "JWT" })
      .setIssuer(oauthUrls(ctx).issuer)
      .setSubject(input.account.id)
      .setAudience(input.clientId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ID_TOKEN_LIFETIME_S)
      .sign(this.keyPair().privateKey);
  }
}

function fromPem(pem: string): { privateKey: KeyObject; publicKey: KeyObject } {
  const privateKey = createPrivateKey(pem);
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/** Claims released for the granted identity scopes: `profile` adds the email (the only profile data an account has). */
export function identityClaims(account: CommerceAccount, scopes: readonly string[]): Record<string, unknown> {
  if (!scopes.includes("profile")) return {};
  return { email: account.email, email_verified: true, account_kind: account.kind };
}

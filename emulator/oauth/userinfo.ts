import type { AccessTokenVerifier } from "../commerce/auth";
import { identityClaims } from "./id-token";
import type { EmulatorApp } from "../core/hono-env";

// GET/POST {auth}/oauth/userinfo (OpenID Connect Core §5.3): the signed-in account's identity for
// an access token that carries the `openid` scope.

export function registerUserinfo(app: EmulatorApp, verify: AccessTokenVerifier, path: string): void {
  app.on(["GET", "POST"], path, async (c) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "")?.[1];
    const principal = token ? await verify(token) : null;
    if (!principal) {
      c.header(
        "WWW-Authenticate",
        'Bearer error="invalid_token", error_description="Missing, invalid or expired access token"',
      );
      return c.json({ error: "invalid_token", error_description: "Missing, invalid or expired access token" }, 401);
    }
    if (!principal.scopes.includes("openid")) {
      c.header("WWW-Authenticate", 'Bearer error="insufficient_scope", scope="openid"');
      return c.json({ error: "insufficient_scope", error_description: "The access token lacks the openid scope" }, 403);
    }
    c.header("Cache-Control", "no-store");
    return c.json({ sub: principal.account.id, ...identityClaims(principal.account, principal.scopes) });
  });
}

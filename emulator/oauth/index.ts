import { cors } from "hono/cors";
import type { EmulatorContext } from "../core/context";
import { accessTokenVerifier } from "./access-token";
import { registerAuthorize } from "./authorize";
import { registerOAuthControls } from "./controls";
import { IdTokenSigner } from "./id-token";
import { registerMetadata } from "./metadata";
import { registerApiDocs } from "./openapi";
import { registerRegistration } from "./registration";
import { registerSkill } from "./skill";
import { OAuthStore } from "./store";
import { TokenService, registerToken } from "./token";
import { registerUserinfo } from "./userinfo";
import { authBasePath } from "./urls";
import { setAccessTokenVerifier } from "../commerce/auth";
import type { EmulatorApp } from "../core/hono-env";

/**
 * The OAuth 2.0 authorization server of the commerce API (spec section 5) at the auth base
 * (config.authBaseUrl, which may carry a path prefix), its discovery documents, the v2 OpenAPI
 * document, and the verifier that lets commerce/auth.ts accept our access tokens.
 * Must be registered before the commerce module: /v2/openapi.json and /v2/docs live here.
 */
export function registerOAuth(app: EmulatorApp, ctx: EmulatorContext): void {
  const store = new OAuthStore();
  ctx.parts.register(store.part());
  ctx.onReset(() => store.clear());
  const idTokens = new IdTokenSigner(ctx.keys);
  const tokens = new TokenService(ctx, store, idTokens);
  const verify = accessTokenVerifier(ctx, store);
  setAccessTokenVerifier(ctx, verify);

  // Route paths come from the auth base's path at start-up; its host may still change
  // (startEmulator sets it after binding the port), so absolute URLs are built per request.
  const auth = authBasePath(ctx);
  for (const path of [`${auth}/oauth/register`, `${auth}/oauth/token`, `${auth}/oauth/userinfo`]) app.use(path, cors());

  registerMetadata(app, ctx, idTokens, auth);
  registerApiDocs(app, ctx);
  registerSkill(app, ctx, `${auth}/oauth/skill.md`);
  registerRegistration(app, ctx, store, `${auth}/oauth/register`);
  registerAuthorize(app, ctx, store, auth);
  registerToken(app, ctx, store, tokens, `${auth}/oauth/token`);
  registerUserinfo(app, verify, `${auth}/oauth/userinfo`);
  registerOAuthControls(app, ctx, store, tokens);
}

import type { EmulatorContext } from "../core/context";
import { oauthUrls } from "./urls";
import type { EmulatorApp } from "../core/hono-env";

// The `agent_auth.skill` document: how an agent gets credentials, as Markdown. The spec names the
// field without showing its target; we publish a short how-to at {auth}/oauth/skill.md.

function skillMarkdown(ctx: EmulatorContext): string {
  const u = oauthUrls(ctx);
  return `# Authenticating to the Commerce API v2

Resource: ${u.resource} (protected resource metadata: ${u.resourceMetadata})

## identity_assertion (verified email) → access_token + refresh_token
1. Register a public client: POST ${u.register} with JSON {"client_name", "redirect_uris", "grant_types": ["authorization_code", "refresh_token"], "response_types": ["code"], "token_endpoint_auth_method": "none", "scope"}.
2. Claim: send the user to ${u.authorize}?response_type=code&client_id=…&redirect_uri=…&scope=…&state=…&code_challenge=…&code_challenge_method=S256. The user signs in with a verified account email and approves.
3. Exchange the code: POST ${u.token} (form) grant_type=authorization_code, code, redirect_uri, client_id, code_verifier.
4. Refresh: grant_type=refresh_token, refresh_token, client_id. Refresh tokens rotate; keep the newest.

## anonymous → api_key
A PRO user creates an API key in account settings; send Authorization: Bearer {api_id}:{api_secret}.
`;
}

export function registerSkill(app: EmulatorApp, ctx: EmulatorContext, path: string): void {
  app.get(path, (c) => c.body(skillMarkdown(ctx), 200, { "Content-Type": "text/markdown; charset=utf-8" }));
}

import { env } from "@/lib/env";

/** The httpOnly cookie that ties an OAuth connect in progress to the admin's browser. */
export const OAUTH_BINDING_COOKIE = "upstream_oauth_binding";

/** Where the upstream's authorization server sends the admin back (registered with the client). */
export function oauthRedirectUri(): string {
  return `${env.APP_URL.replace(/\/$/, "")}/admin/upstream/callback`;
}

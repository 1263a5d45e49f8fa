import { cookies } from "next/headers";
import { NextResponse, type NextRequest } from "next/server";
import { recordAudit } from "@/lib/audit/record";
import { requireStaff } from "@/lib/auth/guards";
import { forgetCatalogFailures } from "@/lib/catalog/cache";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { isUpstreamError } from "@/lib/upstream/errors";
import { finishOAuthConnect } from "@/lib/upstream/connection/oauth/connect";
import { CONNECTION_SETTINGS } from "@/lib/upstream/connection/credentials";
import { recheckCommerceWebhooks } from "@/lib/webhooks/bootstrap";
import { OAUTH_BINDING_COOKIE } from "../oauth-binding";

// The upstream authorization server's redirect after the admin signed in and consented. The
// result goes back to the page as a short code in the query (never a token or the raw answer).
export async function GET(request: NextRequest) {
  const user = await requireStaff("admin", "/admin/upstream");
  const jar = await cookies();
  const binding = jar.get(OAUTH_BINDING_COOKIE)?.value;
  jar.delete({ name: OAUTH_BINDING_COOKIE, path: "/admin/upstream" });
  const back = new URL("/admin/upstream", env.APP_URL);
  // Rebuilt from APP_URL: the registered redirect_uri, whatever Host the request came in on.
  const callbackUrl = new URL(`/admin/upstream/callback${request.nextUrl.search}`, env.APP_URL);
  try {
    const connected = await finishOAuthConnect({ callbackUrl, userId: user.id, browserBinding: binding });
    // Catalog reads that failed under the old credential retry now.
    await forgetCatalogFailures(db, "commerce");
    // A new grant (perhaps with the webhook scopes now): its webhook subscription is checked afresh (never throws).
    void recheckCommerceWebhooks();
    await recordAudit({
      actor: user,
      action: "upstream.commerce.connect_oauth",
      targetType: "setting",
      targetId: CONNECTION_SETTINGS.commerce,
      after: { kind: "oauth", ...connected },
    });
    back.searchParams.set("connected", "oauth");
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    logger.warn({ code: error.code }, "commerce OAuth connect failed at the callback");
    back.searchParams.set("connect_error", error.code);
  }
  return NextResponse.redirect(back, 303);
}

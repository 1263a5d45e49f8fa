"use server";

import { expectActionInput, isForm } from "@/lib/http/action-input";
import { randomBytes } from "node:crypto";
import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { AdminActionState } from "@/components/admin/shared/action-state";
import { recordAudit } from "@/lib/audit/record";
import { requireStaff } from "@/lib/auth/guards";
import { forgetCatalogFailures } from "@/lib/catalog/cache";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { upstreamEndpoints } from "@/lib/upstream/endpoints";
import { isUpstreamError } from "@/lib/upstream/errors";
import {
  disconnectCommerce,
  removeUnlockCredential,
  saveCommerceApiKey,
  saveUnlockCredential,
  testCommerceConnection,
  testUnlockConnection,
  type ConnectionTest,
} from "@/lib/upstream/connection/manage";
import { startOAuthConnect } from "@/lib/upstream/connection/oauth/connect";
import { recheckCommerceWebhooks } from "@/lib/webhooks/bootstrap";
import { OAUTH_BINDING_COOKIE, oauthRedirectUri } from "./oauth-binding";

// Admin only (issue [09]): every action checks the role itself; the page's check is not a control.
// Every credential change also forgets the catalog's recorded failures for that upstream: reads
// that failed under the old credential (NOT_CONFIGURED, RECONNECT_NEEDED, …) retry now.
const PAGE = "/admin/upstream";

export type FormState = { ok?: string; error?: string; fieldErrors?: Record<string, string> };

export async function saveCommerceApiKeyAction(_state: FormState, form: FormData): Promise<FormState> {
  const user = await requireStaff("admin", PAGE);
  expectActionInput(isForm(form));
  const result = await saveCommerceApiKey(user, {
    apiId: String(form.get("apiId") ?? ""),
    apiSecret: String(form.get("apiSecret") ?? ""),
  });
  if (!result.ok) return { fieldErrors: { [result.field]: result.message } };
  await forgetCatalogFailures(db, "commerce");
  // Another connection: its webhook subscription is checked afresh (never throws).
  void recheckCommerceWebhooks();
  revalidatePath(PAGE);
  return { ok: "API key saved. The secret cannot be shown again." };
}

export async function disconnectCommerceAction(): Promise<AdminActionState> {
  const user = await requireStaff("admin", PAGE);
  await disconnectCommerce(user);
  await forgetCatalogFailures(db, "commerce");
  void recheckCommerceWebhooks();
  revalidatePath(PAGE);
  return { ok: true, message: "Disconnected." };
}

const unlockSchema = z.object({
  environment: z.enum(["sandbox", "production"], { message: "Choose sandbox or production." }),
});

export async function saveUnlockCredentialAction(_state: FormState, form: FormData): Promise<FormState> {
  const user = await requireStaff("admin", PAGE);
  expectActionInput(isForm(form));
  const parsed = unlockSchema.safeParse({ environment: form.get("environment") });
  if (!parsed.success) return { fieldErrors: { environment: parsed.error.issues[0]!.message } };
  const result = await saveUnlockCredential(user, {
    svcKey: String(form.get("svcKey") ?? ""),
    svcSecret: String(form.get("svcSecret") ?? ""),
    environment: parsed.data.environment,
  });
  if (!result.ok) return { fieldErrors: { [result.field]: result.message } };
  await forgetCatalogFailures(db, "unlock");
  revalidatePath(PAGE);
  return { ok: "Unlocking API credentials saved. The secret cannot be shown again." };
}

export async function removeUnlockCredentialAction(): Promise<AdminActionState> {
  const user = await requireStaff("admin", PAGE);
  await removeUnlockCredential(user);
  await forgetCatalogFailures(db, "unlock");
  revalidatePath(PAGE);
  return { ok: true, message: "Credentials removed." };
}

export async function testConnectionAction(api: "commerce" | "unlock"): Promise<ConnectionTest> {
  const user = await requireStaff("admin", PAGE);
  expectActionInput(api === "commerce" || api === "unlock");
  const result = api === "commerce" ? await testCommerceConnection() : await testUnlockConnection();
  await recordAudit({
    actor: user,
    action: `upstream.${api}.test`,
    targetType: "upstream",
    targetId: api,
    after: result.ok ? { ok: true } : { ok: false, code: result.code },
  });
  revalidatePath(PAGE);
  return result;
}

export async function connectOAuthAction(_state: FormState): Promise<FormState> {
  const user = await requireStaff("admin", PAGE);
  // Binds the pending request to this browser as well as to this admin.
  const binding = randomBytes(32).toString("base64url");
  let authorizationUrl: string;
  try {
    ({ authorizationUrl } = await startOAuthConnect({
      apiBaseUrl: upstreamEndpoints().commerce.baseUrl,
      redirectUri: oauthRedirectUri(),
      userId: user.id,
      browserBinding: binding,
    }));
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    logger.warn({ code: error.code, err: error.message }, "commerce OAuth connect could not start");
    if (error.kind === "validation") return { error: error.userMessage };
    // An answer of the authorization server (in either error form, lib/upstream/connection/oauth/error-body.ts) is a refusal, not an outage.
    return {
      error:
        error.kind === "api"
          ? `The authorization server refused (${error.code}): ${error.message}`
          : `Could not reach the authorization server (${error.code}): ${error.message}`,
    };
  }
  (await cookies()).set(OAUTH_BINDING_COOKIE, binding, {
    httpOnly: true,
    sameSite: "lax",
    secure: env.APP_URL.startsWith("https:"),
    path: PAGE,
    maxAge: 600,
  });
  redirect(authorizationUrl);
}

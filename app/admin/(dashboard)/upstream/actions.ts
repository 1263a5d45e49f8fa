"use server";

import { expectActionInput } from "@/lib/http/action-input";
import { randomBytes } from "node:crypto";
import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { staffAction, type AdminActionState } from "@/lib/admin/action";
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

// Admin only: every action checks the role itself; the page's check is not a control. Every
// credential change also forgets the catalog's recorded failures for that upstream, so reads that
// failed under the old credential (NOT_CONFIGURED, RECONNECT_NEEDED, …) retry at once.
const PAGE = "/admin/upstream";

export type FormState = { ok?: string; error?: string; fieldErrors?: Record<string, string> };

const commerceKeyForm = z.object({ apiId: z.string().default(""), apiSecret: z.string().default("") });
const refuse = ({ message }: { message: string }): FormState => ({ error: message });

export const saveCommerceApiKeyAction = staffAction<z.infer<typeof commerceKeyForm>, FormState>(
  { role: "admin", from: PAGE, input: commerceKeyForm, refuse },
  async (input, user) => {
    const result = await saveCommerceApiKey(user, input);
    if (!result.ok) return { fieldErrors: { [result.field]: result.message } };
    await forgetCatalogFailures(db, "commerce");
    // Another connection: its webhook subscription is checked afresh (never throws).
    void recheckCommerceWebhooks();
    revalidatePath(PAGE);
    return { ok: "API key saved. The secret cannot be shown again." };
  },
);

export async function disconnectCommerceAction(): Promise<AdminActionState> {
  const user = await requireStaff("admin", PAGE);
  await disconnectCommerce(user);
  await forgetCatalogFailures(db, "commerce");
  void recheckCommerceWebhooks();
  revalidatePath(PAGE);
  return { ok: true, message: "Disconnected." };
}

const unlockForm = z.object({
  svcKey: z.string().default(""),
  svcSecret: z.string().default(""),
  environment: z.enum(["sandbox", "production"], { message: "Choose sandbox or production." }),
});

export const saveUnlockCredentialAction = staffAction<z.infer<typeof unlockForm>, FormState>(
  {
    role: "admin",
    from: PAGE,
    input: unlockForm,
    refuse: ({ message, fieldErrors }) => (fieldErrors.environment ? { fieldErrors } : { error: message }),
  },
  async (input, user) => {
    const result = await saveUnlockCredential(user, input);
    if (!result.ok) return { fieldErrors: { [result.field]: result.message } };
    await forgetCatalogFailures(db, "unlock");
    revalidatePath(PAGE);
    return { ok: "Unlocking API credentials saved. The secret cannot be shown again." };
  },
);

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

import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { EmulatorContext } from "./context";

// The two APIs' response envelopes, in one place.

/** Commerce v2 (spec section 7): { success, data, error, meta: { request_id, timestamp } }. */
export function commerceMeta(ctx: EmulatorContext, extra: Record<string, unknown> = {}) {
  return { request_id: `req_${randomBytes(8).toString("hex")}`, timestamp: ctx.isoNow(), ...extra };
}

export function commerceOk(
  c: Context,
  ctx: EmulatorContext,
  data: unknown,
  status: ContentfulStatusCode = 200,
  meta: Record<string, unknown> = {},
) {
  return c.json({ success: true, data, error: null, meta: commerceMeta(ctx, meta) }, status);
}

export function commerceError(
  c: Context,
  ctx: EmulatorContext,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return c.json({ success: false, data: null, error: { code, message, ...extra }, meta: commerceMeta(ctx) }, status);
}

/** Unlocking API (spec section 2): { code, status, info, res }. */
export type UnlockStatus = "OK" | "WRONG_ACCESS" | "TOO_MANY_REQUESTS" | "API_ERROR";

export function unlockReply(
  c: Context,
  httpStatus: ContentfulStatusCode,
  status: UnlockStatus,
  info: string,
  res: unknown,
  withCode = true,
) {
  return c.json(withCode ? { code: httpStatus, status, info, res } : { status, info, res }, httpStatus);
}

/** Which API a path belongs to, to answer an injected fault in that API's own shape. */
export function apiOf(path: string, ctx: EmulatorContext): "commerce" | "oauth" | "unlock" | "control" {
  if (path.startsWith("/__control")) return "control";
  if (path === "/v2" || path.startsWith("/v2/") || path.startsWith("/.well-known/oauth-protected-resource"))
    return "commerce";
  const authPath = new URL(ctx.config.authBaseUrl).pathname.replace(/\/$/, "");
  if (path.startsWith(`${authPath}/oauth/`) || path.startsWith(`${authPath}/.well-known/`)) return "oauth";
  return "unlock";
}

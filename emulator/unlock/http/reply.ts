import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { unlockReply, type UnlockStatus } from "../../core/envelope";

// Replies of the unlocking API: { code, status, info, res }, except that cancel and
// instructions replies omit `code` (spec section 2), errors included.

const NO_CODE_SEGMENTS = new Set(["cancel_order", "retrieve_order_instructions"]);

export function showsCode(path: string): boolean {
  return !NO_CODE_SEGMENTS.has(path.split("/")[1] ?? "");
}

export function replyOk(c: Context, res: unknown) {
  return unlockReply(c, 200, "OK", "", res, showsCode(c.req.path));
}

/** An error reply; `res` is an empty object so clients can always read it as one. */
export function replyError(
  c: Context,
  httpStatus: ContentfulStatusCode,
  info: string,
  status: UnlockStatus = "API_ERROR",
) {
  return unlockReply(c, httpStatus, status, info, {}, showsCode(c.req.path));
}

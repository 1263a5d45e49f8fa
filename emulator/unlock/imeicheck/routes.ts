import type { Context } from "hono";
import type { EmulatorContext } from "../../core/context";
import type { UnlockCatalog } from "../catalog";
import { debit } from "../credits";
import type { UnlockEnv } from "../http/credentials";
import type { Endpoint } from "../http/endpoint";
import { replyError, replyOk } from "../http/reply";
import { imeiProblem } from "../imei";
import { hashMatches, imeiCheckHashArguments, unlockHash } from "./hash";
import { IMEI_CHECK_PRICE_MINOR, imeiCheckResult } from "./result";

// POST /imeicheck/{imei}[/{hash}] (spec sections 2, 4, 7, 8). Without a hash only sandbox
// accounts are served; a given hash must match on every account. A recognition failure is
// reported in res.error with the envelope still OK.

export function imeiCheckEndpoints(ctx: EmulatorContext, catalog: UnlockCatalog): Endpoint[] {
  const handler = (c: Context<UnlockEnv>) => {
    const account = c.get("unlockAccount");
    const imei = c.req.param("imei") ?? "";
    const problem = imeiProblem(imei);
    if (problem) return replyError(c, 400, problem);

    const hash = c.req.param("hash");
    const expected = unlockHash(account.svcSecret, imeiCheckHashArguments(account.svcKey, imei));
    const rule = "hex HMAC-SHA256 of SVC_KEY + \"####\" + IMEI, keyed with SVC_SECRET";
    if (hash === undefined && account.environment !== "sandbox") {
      return replyError(c, 400, `A hash is required for production accounts: POST /imeicheck/{imei}/{hash}, hash = ${rule}`);
    }
    if (hash !== undefined && !hashMatches(hash, expected)) return replyError(c, 400, `The hash does not match; hash = ${rule}`);

    const result = imeiCheckResult(ctx, catalog, imei);
    if (result.type_pay.type === "F" && result.error.length === 0) {
      const refused = debit(ctx, account, IMEI_CHECK_PRICE_MINOR, `imeicheck:${imei}`, `IMEI check ${imei}`);
      if (refused) return replyError(c, 400, refused);
    }
    return replyOk(c, result);
  };

  return [
    { method: "POST", path: "/imeicheck/:imei", handler },
    { method: "POST", path: "/imeicheck/:imei/:hash", handler },
  ];
}

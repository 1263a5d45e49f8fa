import type { Context } from "hono";
import type { EmulatorContext } from "../../core/context";
import type { UnlockCatalog } from "../catalog";
import { debit } from "../credits";
import { sandboxImeisForced } from "../dialect";
import type { UnlockEnv } from "../http/credentials";
import type { Endpoint } from "../http/endpoint";
import { readFormArgument } from "../http/form-argument";
import { replyError, replyOk } from "../http/reply";
import { imeiProblem } from "../imei";
import { hashMatches, imeiCheckHashArguments, unlockHash } from "./hash";
import {
  fullReportReference,
  IMEI_CHECK_PRICE_MINOR,
  IMEI_FULL_REPORT_PRICE_MINOR,
  imeiCheckResult,
  imeiCheckScenario,
} from "./result";

// POST /imeicheck/{imei}[/{hash}] (spec sections 2, 4, 7, 8). Without a hash only sandbox
// accounts are served (U§4: "without hash valid only in sandbox", in both dialects); a given
// hash must match on every account. Sandbox IMEIs are forced where ../dialect.ts says. A recognition failure is
// reported in res.error with the envelope still OK. The form argument `type_pay=P` accepts a paid
// device's full report and its price (README, "IMEI check"): the spec does not show how an API
// account buys it; the shop's choice is in docs/unlock.md.

export function imeiCheckEndpoints(ctx: EmulatorContext, catalog: UnlockCatalog): Endpoint[] {
  const handler = async (c: Context<UnlockEnv>) => {
    const account = c.get("unlockAccount");
    const imei = c.req.param("imei") ?? "";
    const problem = imeiProblem(imei);
    if (problem) return replyError(c, 400, problem);

    const hash = c.req.param("hash");
    const expected = unlockHash(account.svcSecret, imeiCheckHashArguments(account.svcKey, imei));
    const rule = 'hex HMAC-SHA256 of SVC_KEY + "####" + IMEI, keyed with SVC_SECRET';
    if (hash === undefined && account.environment !== "sandbox") {
      return replyError(
        c,
        400,
        `A hash is required for production accounts: POST /imeicheck/{imei}/{hash}, hash = ${rule}`,
      );
    }
    if (hash !== undefined && !hashMatches(hash, expected))
      return replyError(c, 400, `The hash does not match; hash = ${rule}`);

    const typePay = await readFormArgument(c, "type_pay");
    if (typePay !== undefined && typePay !== "P")
      return replyError(c, 400, `type_pay must be "P" (got "${String(typePay)}")`);
    const buyFullReport = typePay === "P";
    const sandboxForced = sandboxImeisForced(ctx, account);
    const result = imeiCheckResult(ctx, catalog, imei, { buyFullReport, sandboxForced });
    if (result.error.length === 0) {
      const fullReport = buyFullReport && imeiCheckScenario(imei, sandboxForced) === "paid";
      const refused = fullReport
        ? debit(ctx, account, IMEI_FULL_REPORT_PRICE_MINOR, fullReportReference(imei), `Full IMEI report ${imei}`)
        : result.type_pay.type === "F"
          ? debit(ctx, account, IMEI_CHECK_PRICE_MINOR, `imeicheck:${imei}`, `IMEI check ${imei}`)
          : null;
      if (refused) return replyError(c, 400, refused);
    }
    return replyOk(c, result);
  };

  return [
    { method: "POST", path: "/imeicheck/:imei", handler },
    { method: "POST", path: "/imeicheck/:imei/:hash", handler },
  ];
}

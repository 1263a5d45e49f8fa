import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { PRODUCTS } from "@/lib/products";
import { CHECKS, type Answers, type Check, type CheckContext } from "./checks";
import { resultOf, resultText, type CheckResult } from "./result";

// Runs the go-live check's list in order, one call each, and says which products would fail.
// Shared by `npm run upstream:check` and the admin's "Check connection" button.

export type CheckRow = {
  id: string;
  endpoint: string;
  api: Check["api"];
  /** The products this call serves: the ones it stops when it fails. */
  products: ProductType[];
  result: CheckResult;
  /** `ok`, `missing field data[0].iso_short_code`, `refused 403` … */
  text: string;
  failed: boolean;
};

export type GoLiveReport = {
  checkedAt: string;
  rows: CheckRow[];
  /** Products a failed call would stop, in the shop's order. */
  failingProducts: ProductType[];
  ok: boolean;
};

export async function runGoLiveCheck(context: CheckContext, checks: Check[] = CHECKS): Promise<GoLiveReport> {
  const answers: Answers = {};
  const rows: CheckRow[] = [];
  const failedIds = new Set<string>();
  // An API that could not be asked once (unreachable, or the shop's budget spent) is not tried
  // again: each call would wait through its own retries for the same answer.
  const notAsked = new Set<Check["api"]>();

  for (const check of checks) {
    if (check.applies && !check.applies(context)) continue;
    const result = await resultFor(check);
    const failed = isFailure(result);
    if (failed) failedIds.add(check.id);
    if (result.kind === "unreachable" || result.kind === "budget_spent") notAsked.add(check.api);
    const products = typeof check.products === "function" ? check.products(context) : check.products;
    rows.push({
      id: check.id,
      endpoint: check.endpoint,
      api: check.api,
      products,
      result,
      text: resultText(result),
      failed,
    });
  }

  const failing = new Set(rows.filter((row) => row.failed).flatMap((row) => row.products));
  const failingProducts = PRODUCTS.map((p) => p.type).filter((type) => failing.has(type));
  return { checkedAt: new Date().toISOString(), rows, failingProducts, ok: failingProducts.length === 0 };

  async function resultFor(check: Check): Promise<CheckResult> {
    if (notAsked.has(check.api))
      return {
        kind: "skipped",
        reason: `the ${check.api === "unlock" ? "unlocking" : "commerce"} API could not be asked`,
      };
    const failedNeed = check.needs?.find((id) => failedIds.has(id));
    if (failedNeed)
      return { kind: "skipped", reason: `needs ${checks.find((c) => c.id === failedNeed)?.endpoint ?? failedNeed}` };
    try {
      const outcome = await check.run(context, answers);
      if ("noSample" in outcome) return { kind: "not_checked", reason: outcome.noSample };
      answers[check.id] = outcome.data;
      return { kind: "ok" };
    } catch (error) {
      return resultOf(error);
    }
  }
}

/** Whatever stops a call from giving the shop what it needs; a check skipped for a failed one counts too (its product is stopped already). */
function isFailure(result: CheckResult): boolean {
  return result.kind !== "ok" && result.kind !== "not_checked";
}

import { z } from "zod";
import { isUpstreamError } from "../errors";

// What one go-live call came back with, in the words of the check's table. A contract break is
// named by the path that failed in the client's own schema (the same zod schema the shop reads
// the answer with), so "missing field data[0].iso_short_code" points at the renamed field.

export type CheckResult =
  | { kind: "ok" }
  | { kind: "missing_field"; path: string }
  | { kind: "wrong_type"; path: string }
  /** The upstream answered with an error: its HTTP status (and code, when it sent one). */
  | { kind: "refused"; status: number | null; code: string }
  | { kind: "unreachable"; reason: string }
  /** Not sent: the shop's own request budget (lib/upstream/budget/) is spent for this minute. */
  | { kind: "budget_spent" }
  /** No credential (or an insecure URL): nothing was sent. */
  | { kind: "not_configured"; reason: string }
  /** Not called: an earlier call it takes its sample from failed. */
  | { kind: "skipped"; reason: string }
  /** Not called: the earlier answer rightly listed nothing to ask about. Not a failure. */
  | { kind: "not_checked"; reason: string };

export function resultText(result: CheckResult): string {
  switch (result.kind) {
    case "ok":
      return "ok";
    case "missing_field":
      return `missing field ${result.path}`;
    case "wrong_type":
      return `wrong type ${result.path}`;
    case "refused":
      return `refused ${result.status ?? result.code}`;
    case "unreachable":
      return "unreachable";
    case "budget_spent":
      return "not sent (the shop's request budget is spent for this minute: try again)";
    case "not_configured":
      return "not configured";
    case "skipped":
      return `not checked (${result.reason})`;
    case "not_checked":
      return `not checked: ${result.reason}`;
  }
}

export function resultOf(error: unknown): CheckResult {
  if (!isUpstreamError(error))
    return { kind: "unreachable", reason: error instanceof Error ? error.message : String(error) };
  switch (error.kind) {
    case "validation":
      return contractBreak(error.cause, error.api === "unlock" ? "res" : "data");
    case "api":
      return { kind: "refused", status: error.status ?? null, code: error.code };
    case "config":
      return { kind: "not_configured", reason: error.message };
    default:
      if (error.code === "BUDGET_EXHAUSTED") return { kind: "budget_spent" };
      // network, timeout: no answer to judge.
      return { kind: "unreachable", reason: error.message };
  }
}

type Issue = z.core.$ZodIssue;

function contractBreak(cause: unknown, root: string): CheckResult {
  if (!(cause instanceof z.ZodError) || cause.issues.length === 0)
    return { kind: "wrong_type", path: "(the answer is not JSON of the API's envelope)" };
  const issue = deepest(cause.issues[0]!);
  const path = pathText(root, issue.path);
  return isMissing(issue) ? { kind: "missing_field", path } : { kind: "wrong_type", path };
}

/** zod words an absent field "expected <type>, received undefined" (in every branch, for a union). */
function isMissing(issue: Issue): boolean {
  if (issue.code === "invalid_type") return /received undefined$/.test(issue.message);
  return (
    issue.code === "invalid_union" &&
    issue.errors.length > 0 &&
    issue.errors.every((branch) => branch[0] !== undefined && branch[0].path.length === 0 && isMissing(branch[0]))
  );
}

/** A union reports its branches apart: follow the branch that got furthest. */
function deepest(issue: Issue): Issue {
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return issue;
  const best = issue.errors
    .map((branch) => branch[0])
    .filter((first): first is Issue => first !== undefined)
    .sort((a, b) => b.path.length - a.path.length)[0];
  return best && best.path.length > 0 ? deepest({ ...best, path: [...issue.path, ...best.path] } as Issue) : issue;
}

function pathText(root: string, path: PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === "number" ? `${text}[${key}]` : `${text}.${String(key)}`),
    root,
  );
}

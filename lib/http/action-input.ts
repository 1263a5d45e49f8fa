// Server actions are public endpoints: anyone can post any argument list to an action id (the
// ids are in the page's JavaScript). An action that expects (state, FormData) and gets a number
// would throw a TypeError, a 500 (docs/security.md). Each action starts with
// `expectActionInput(...)` over what it is about to use; a call that does not fit ends in
// notFound(): Next answers it 404 (an action can only end in 401, 403 or 404 besides its own
// result; notFound() says "no such action for these arguments" without blaming a role), and
// nothing of the action runs.
import { notFound } from "next/navigation";

const MAX_TEXT = 10_000;

export function isForm(value: unknown): value is FormData {
  return value instanceof FormData;
}

export function isText(value: unknown, max = MAX_TEXT): value is string {
  return typeof value === "string" && value.length <= max;
}

/** A number; the action's own schema checks its range (and answers inline). */
export function isId(value: unknown): value is number {
  return typeof value === "number";
}

/** Ends the action with a 404 unless `fits` holds. */
export function expectActionInput(fits: boolean): asserts fits {
  if (!fits) notFound();
}

import { userFailureOf, type UserFailure } from "@/lib/errors/user-message";
import { catalogAgeOf, type CatalogAge } from "./age";
import type { CatalogRead } from "./cache";

// What every catalog loader answers, for every product: the value with the age of the cached
// data it was built from, or a message a buyer can read (with the upstream's code, so a page
// can tell "eSIMs are switched off" from "try again"). A page never crashes on an outage.

export type Loaded<T> = { ok: true; value: T; age: CatalogAge } | UserFailure;

/** The code of a failure that means "the shop does not sell what this address names" (a page answers 404). */
export const NOT_SOLD = "NOT_SOLD";

export const GENERIC_CATALOG_ERROR =
  "We could not load this part of the catalog just now. Please try again in a moment.";

/** A cached read as a Loaded value; `what` names it in the log when it fails unexpectedly. */
export async function loadRead<T>(
  read: () => Promise<CatalogRead<T>>,
  what: string,
  fallback = GENERIC_CATALOG_ERROR,
): Promise<Loaded<T>> {
  try {
    const result = await read();
    return { ok: true, value: result.value, age: catalogAgeOf(result) };
  } catch (error) {
    return userFailureOf(error, `catalog read (${what})`, fallback);
  }
}

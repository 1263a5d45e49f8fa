import type { DbClient } from "@/lib/db/create-client";
import type { SavedNumber } from "@/lib/db/generated/sqlite/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { checkPhone } from "@/lib/validation/phone";

// A signed-in buyer's saved top-up numbers, each with their own label ("Mum"): listed on the
// account page with "Top up" beside each, and offered after topping up a number not yet saved.
// Bound to the account: every read and write names the owner.

/** Enough for a family and friends; a form that keeps adding is refused past it. */
export const MAX_SAVED_NUMBERS = 20;
export const LABEL_MAX = 40;

/** Why a number was not saved, for the buyer's language; PHONE carries checkPhone's `message`. */
export type SaveProblemCode = "LABEL_MISSING" | "LABEL_TOO_LONG" | "PHONE" | "TOO_MANY";
export type SaveResult =
  { ok: true; saved: SavedNumber } | { ok: false; field: "phone" | "label"; code: SaveProblemCode; message: string };

export function listSavedNumbers(db: DbClient, userId: string): Promise<SavedNumber[]> {
  return db.savedNumber.findMany({ where: { userId }, orderBy: [{ label: "asc" }, { createdAt: "asc" }] });
}

/** Saves (or relabels) a number for `userId`. */
export async function saveNumber(
  db: DbClient,
  userId: string,
  input: { phone: string; label: string },
): Promise<SaveResult> {
  const label = input.label.trim().replace(/\s+/g, " ");
  if (!label)
    return {
      ok: false,
      field: "label",
      code: "LABEL_MISSING",
      message: "Give the number a name, like “Mum” or “Work phone”.",
    };
  if (label.length > LABEL_MAX)
    return { ok: false, field: "label", code: "LABEL_TOO_LONG", message: `Use at most ${LABEL_MAX} characters.` };
  const phone = checkPhone(input.phone);
  if (!phone.ok) return { ok: false, field: "phone", code: "PHONE", message: phone.error };
  const existing = await db.savedNumber.findUnique({ where: { userId_phone: { userId, phone: phone.e164 } } });
  if (existing)
    return { ok: true, saved: await db.savedNumber.update({ where: { id: existing.id }, data: { label } }) };
  if ((await db.savedNumber.count({ where: { userId } })) >= MAX_SAVED_NUMBERS) {
    return {
      ok: false,
      field: "phone",
      code: "TOO_MANY",
      message: `You can keep up to ${MAX_SAVED_NUMBERS} numbers. Remove one first.`,
    };
  }
  try {
    return { ok: true, saved: await db.savedNumber.create({ data: { userId, phone: phone.e164, label } }) };
  } catch (error) {
    // The same number saved twice at once: the unique index keeps one; relabel it.
    if (!isUniqueViolation(error)) throw error;
    return {
      ok: true,
      saved: await db.savedNumber.update({ where: { userId_phone: { userId, phone: phone.e164 } }, data: { label } }),
    };
  }
}

/** Removes one of `userId`'s numbers; another account's id removes nothing. */
export async function removeSavedNumber(db: DbClient, userId: string, id: string): Promise<boolean> {
  const removed = await db.savedNumber.deleteMany({ where: { id, userId } });
  return removed.count === 1;
}

/** The path that starts a top-up to a saved number (its operator is looked up again). */
export function topupHrefFor(saved: Pick<SavedNumber, "phone">): string {
  return `/topup?phone=${encodeURIComponent(saved.phone)}`;
}

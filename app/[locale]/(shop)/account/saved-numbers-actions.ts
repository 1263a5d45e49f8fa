"use server";

import { revalidatePath } from "next/cache";
import { requireUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { expectActionInput, isForm } from "@/lib/http/action-input";
import { getTranslations } from "next-intl/server";
import type { SaveNumberState } from "@/components/shop/account/save-number-fields";
import {
  LABEL_MAX,
  MAX_SAVED_NUMBERS,
  removeSavedNumber,
  saveNumber,
  type SaveResult,
} from "@/lib/account/saved-numbers";

// A signed-in buyer's saved top-up numbers (lib/account/saved-numbers.ts): always their own.

export async function saveNumberAction(_state: SaveNumberState, form: FormData): Promise<SaveNumberState> {
  expectActionInput(isForm(form));
  const user = await requireUser("/account");
  const values = {
    phone: String(form.get("phone") ?? "").slice(0, 40),
    label: String(form.get("label") ?? "").slice(0, 200),
  };
  const result = await saveNumber(db, user.id, values);
  const t = await getTranslations("AccountSavedNumbers");
  if (!result.ok) return { fieldErrors: { [result.field]: problemText(t, result) }, values };
  revalidatePath("/account");
  return { message: t("savedAs", { label: result.saved.label }) };
}

/** Why the number was not saved, in the buyer's language. */
function problemText(
  t: Awaited<ReturnType<typeof getTranslations<"AccountSavedNumbers">>>,
  problem: Extract<SaveResult, { ok: false }>,
): string {
  switch (problem.code) {
    case "LABEL_MISSING":
      return t("labelMissing");
    case "LABEL_TOO_LONG":
      return t("labelTooLong", { max: LABEL_MAX });
    case "TOO_MANY":
      return t("tooMany", { max: MAX_SAVED_NUMBERS });
    case "PHONE":
      // The phone check's own words (lib/validation/phone.ts).
      return problem.message;
  }
}

export async function removeNumberAction(form: FormData): Promise<void> {
  expectActionInput(isForm(form));
  const user = await requireUser("/account");
  await removeSavedNumber(db, user.id, String(form.get("id") ?? "").slice(0, 64));
  revalidatePath("/account");
}

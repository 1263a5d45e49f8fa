"use server";

import { revalidatePath } from "next/cache";
import { removeSavedNumber, saveNumber } from "@/lib/account/saved-numbers";
import { requireUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { expectActionInput, isForm } from "@/lib/http/action-input";

// A signed-in buyer's saved top-up numbers (lib/account/saved-numbers.ts): always their own.

export type SaveNumberState = { message?: string; fieldErrors?: Partial<Record<"phone" | "label", string>>; values?: { phone: string; label: string } };

export async function saveNumberAction(_state: SaveNumberState, form: FormData): Promise<SaveNumberState> {
  expectActionInput(isForm(form));
  const user = await requireUser("/account");
  const values = { phone: String(form.get("phone") ?? "").slice(0, 40), label: String(form.get("label") ?? "").slice(0, 200) };
  const result = await saveNumber(db, user.id, values);
  if (!result.ok) return { fieldErrors: { [result.field]: result.message }, values };
  revalidatePath("/account");
  return { message: `Saved as “${result.saved.label}”.` };
}

export async function removeNumberAction(form: FormData): Promise<void> {
  expectActionInput(isForm(form));
  const user = await requireUser("/account");
  await removeSavedNumber(db, user.id, String(form.get("id") ?? "").slice(0, 64));
  revalidatePath("/account");
}

"use server";

import { expectActionInput, isForm } from "@/lib/http/action-input";
import { revalidatePath } from "next/cache";
import type { ThresholdFormState } from "@/components/admin/credits/threshold-form";
import { setLowBalanceThreshold } from "@/lib/admin/credits/threshold";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { decimalToMinor } from "@/lib/money";

// The low-balance threshold is a staff setting (the nav shows Credits to staff); audited.

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const AMOUNT_HINT = "Enter an amount like 50 or 49.99, or leave it empty for no warning.";

export async function setThresholdAction(_state: ThresholdFormState, form: FormData): Promise<ThresholdFormState> {
  const user = await requireStaff("staff", "/admin/credits");
  expectActionInput(isForm(form));
  const typed = String(form.get("threshold") ?? "").trim();
  if (typed !== "" && !AMOUNT.test(typed)) return { error: AMOUNT_HINT };
  const amountMinor = typed === "" ? null : decimalToMinor(typed, 2);
  try {
    const result = await setLowBalanceThreshold(
      db,
      user,
      amountMinor === null ? null : { amountMinor, currency: "EUR" },
    );
    revalidatePath("/admin", "layout");
    return {
      message: !result.changed ? "No change." : amountMinor === null ? "Warning switched off." : "Threshold saved.",
    };
  } catch (error) {
    logger.error({ err: error }, "low-balance threshold update failed");
    return { error: "The threshold could not be saved. Please try again." };
  }
}

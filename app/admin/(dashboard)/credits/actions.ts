"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ThresholdFormState } from "@/components/admin/credits/threshold-form";
import { staffAction } from "@/lib/admin/action";
import { setLowBalanceThreshold } from "@/lib/admin/credits/threshold";
import { db } from "@/lib/db";
import { decimalToMinor } from "@/lib/money";

// The low-balance threshold is a staff setting, audited (docs/admin.md "Credits").

const AMOUNT_HINT = "Enter an amount like 50 or 49.99, or leave it empty for no warning.";
const thresholdForm = z.object({
  threshold: z
    .string(AMOUNT_HINT)
    .trim()
    .regex(/^(\d{1,7}(\.\d{1,2})?)?$/, AMOUNT_HINT)
    .default(""),
});

export const setThresholdAction = staffAction<{ threshold: string }, ThresholdFormState>(
  {
    from: "/admin/credits",
    input: thresholdForm,
    refuse: ({ message }) => ({ error: message }),
  },
  async ({ threshold }, user) => {
    const amountMinor = threshold === "" ? null : decimalToMinor(threshold, 2);
    const result = await setLowBalanceThreshold(
      db,
      user,
      amountMinor === null ? null : { amountMinor, currency: "EUR" },
    );
    revalidatePath("/admin", "layout");
    return {
      message: !result.changed ? "No change." : amountMinor === null ? "Warning switched off." : "Threshold saved.",
    };
  },
);

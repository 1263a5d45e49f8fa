"use server";

import { expectActionInput, isForm } from "@/lib/http/action-input";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { PRODUCT_TYPES } from "@/lib/products/registry";
import type { MarginFormState } from "@/components/admin/pricing/margin-form";
import type { UsdRateFormState } from "@/components/admin/pricing/usd-rate-form";
import { updateStaffRate } from "@/lib/admin/pricing/usd-rate";
import { staffRateSchema } from "@/lib/pricing/staff-rate";
import { updateMargin } from "@/lib/admin/pricing/margins";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { decimalToMinor } from "@/lib/money";

// Pricing is an admin setting (components/admin/nav-items.ts): the action checks the role
// itself, since a layout does not protect server actions.

const formSchema = z.object({
  productType: z.enum(PRODUCT_TYPES),
  percent: z
    .string()
    .trim()
    .regex(/^\d{1,4}(\.\d{1,4})?$/, "Enter a percentage like 5 or 2.5 (up to 4 decimals).")
    .transform(Number)
    .pipe(z.number().max(1000, "The percentage can be at most 1000.")),
  fixed: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, "Enter an amount like 0.30 (up to 2 decimals).")
    .transform((value) => decimalToMinor(value, 2)),
});

export async function updateMarginAction(_state: MarginFormState, form: FormData): Promise<MarginFormState> {
  const user = await requireStaff("admin", "/admin/pricing");
  expectActionInput(isForm(form));
  const parsed = formSchema.safeParse({
    productType: form.get("productType"),
    percent: form.get("percent") ?? "",
    fixed: form.get("fixed") ?? "",
  });
  if (!parsed.success) {
    const errors: MarginFormState["errors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "percent" || field === "fixed") errors[field] ??= issue.message;
    }
    return { errors, message: errors.percent || errors.fixed ? undefined : "Unknown product type." };
  }
  try {
    const change = await updateMargin(db, user, parsed.data.productType, {
      percent: parsed.data.percent,
      fixedMinor: parsed.data.fixed,
    });
    revalidatePath("/admin/pricing");
    return {
      saved: true,
      message: change.changed ? "Margin saved." : "No change: the margin was already set to this.",
    };
  } catch (error) {
    logger.error({ err: error }, "margin update failed");
    return { message: "The margin could not be saved. Please try again." };
  }
}

/** The EUR→USD rate for unlocks and IMEI checks (lib/pricing/staff-rate.ts). */
export async function updateUsdRateAction(_state: UsdRateFormState, form: FormData): Promise<UsdRateFormState> {
  const user = await requireStaff("admin", "/admin/pricing");
  expectActionInput(isForm(form));
  const parsed = staffRateSchema.safeParse({ rate: form.get("rate") ?? "", date: form.get("date") ?? "" });
  if (!parsed.success) {
    const errors: UsdRateFormState["errors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "rate" || field === "date") errors[field] ??= issue.message;
    }
    return { errors };
  }
  try {
    const change = await updateStaffRate(db, user, parsed.data);
    revalidatePath("/admin/pricing");
    return {
      saved: true,
      message: change.changed
        ? "Rate saved: new prices use it at once."
        : "No change: the rate was already set to this.",
    };
  } catch (error) {
    logger.error({ err: error }, "EUR to USD rate update failed");
    return { message: "The rate could not be saved. Please try again." };
  }
}

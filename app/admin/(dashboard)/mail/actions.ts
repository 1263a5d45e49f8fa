"use server";

import { revalidatePath } from "next/cache";
import type { GiftcardCodesState } from "@/components/admin/mail/giftcard-codes-form";
import { setGiftcardCodesInMail } from "@/lib/admin/mail-settings";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { expectActionInput, isForm } from "@/lib/http/action-input";
import { logger } from "@/lib/log";

export async function setGiftcardCodesAction(_state: GiftcardCodesState, form: FormData): Promise<GiftcardCodesState> {
  const user = await requireStaff("admin", "/admin/mail");
  expectActionInput(isForm(form));
  const on = form.get("on") === "on";
  try {
    const result = await setGiftcardCodesInMail(db, user, on);
    revalidatePath("/admin/mail");
    return {
      message: !result.changed
        ? "No change."
        : on
          ? "Codes now go into delivery mail."
          : "Codes now stay on the order page.",
    };
  } catch (error) {
    logger.error({ err: error }, "gift card mail setting update failed");
    return { error: "The setting could not be saved. Please try again." };
  }
}

"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { GiftcardCodesState } from "@/components/admin/mail/giftcard-codes-form";
import { staffAction } from "@/lib/admin/action";
import { setGiftcardCodesInMail } from "@/lib/admin/mail-settings";
import { db } from "@/lib/db";

const FROM = "/admin/mail";
// An unticked checkbox posts nothing.
const codesForm = z.object({ on: z.literal("on").optional() });

export const setGiftcardCodesAction = staffAction<{ on?: "on" }, GiftcardCodesState>(
  { role: "admin", from: FROM, input: codesForm, refuse: ({ message }) => ({ error: message }) },
  async (form, user) => {
    const on = form.on === "on";
    const result = await setGiftcardCodesInMail(db, user, on);
    revalidatePath(FROM);
    return {
      message: !result.changed
        ? "No change."
        : on
          ? "Codes now go into delivery mail."
          : "Codes now stay on the order page.",
    };
  },
);

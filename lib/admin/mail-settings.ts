import type { CurrentUser } from "@/lib/auth/guards";
import { recordAudit } from "@/lib/audit/record";
import type { DbClient } from "@/lib/db/create-client";
import { GIFTCARD_CODES_IN_MAIL, giftcardCodesInMail } from "@/lib/products/giftcard/mail-setting";

// Staff settings of the shop's mail (the order core reads them; admins change them, audited).

/** Whether gift card codes go into delivery mail (lib/products/giftcard/mail-setting.ts). */
export async function setGiftcardCodesInMail(
  db: DbClient,
  actor: Pick<CurrentUser, "id" | "email">,
  on: boolean,
): Promise<{ changed: boolean }> {
  return db.$transaction(async (tx) => {
    const before = await giftcardCodesInMail(tx);
    if (before === on) return { changed: false };
    const value = JSON.stringify(on);
    await tx.setting.upsert({
      where: { key: GIFTCARD_CODES_IN_MAIL },
      create: { key: GIFTCARD_CODES_IN_MAIL, value, updatedBy: actor.email },
      update: { value, updatedBy: actor.email },
    });
    await recordAudit(
      {
        actor,
        action: "mail.giftcard_codes.update",
        targetType: "setting",
        targetId: GIFTCARD_CODES_IN_MAIL,
        before,
        after: on,
      },
      tx,
    );
    return { changed: true };
  });
}

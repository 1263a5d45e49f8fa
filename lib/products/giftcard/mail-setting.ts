import { z } from "zod";
import type { DbClient } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/db/generated/sqlite/client";

// Whether a gift card's code (and a redemption link carrying it) is put in its delivery mail.
// Off by default: a code in mail can be spent by anyone who reads the inbox, so the mail sends
// the buyer to the order page's reveal instead. Stored in the Setting `mail.giftcardCodesInMail`
// as JSON `true`/`false`; changed by an admin (lib/admin/mail-settings.ts), audited.

export const GIFTCARD_CODES_IN_MAIL = "mail.giftcardCodesInMail";

type Reader = Pick<DbClient, "setting"> | Prisma.TransactionClient;

export async function giftcardCodesInMail(db: Reader): Promise<boolean> {
  const row = await db.setting.findUnique({ where: { key: GIFTCARD_CODES_IN_MAIL } });
  if (!row) return false;
  try {
    return z.boolean().catch(false).parse(JSON.parse(row.value));
  } catch {
    return false;
  }
}

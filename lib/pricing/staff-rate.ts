import { z } from "zod";
import type { DbClient } from "@/lib/db/create-client";
import { logger } from "@/lib/log";
import type { ExchangeRate } from "./exchange";

// The EUR→USD rate staff keep for what the upstream prices in euros only: unlocks and IMEI
// checks (the unlocking API's credits, bought in euros). The `Setting` `pricing.usdPerEur` holds
// `{ rate: "1.0850", date: "2026-11-20" }` (dollars per euro, up to 6 decimals, and the day staff
// took it), seeded by prisma/seed.ts and edited on the admin's pricing page. The buyer sees the
// rate and its date beside every price converted with it. Without a readable setting nothing is
// converted: those products are sold in euros.

export const STAFF_RATE_KEY = "pricing.usdPerEur";

const RATE_TEXT = /^(\d{1,3})(?:\.(\d{1,6}))?$/;

export const staffRateSchema = z.object({
  rate: z
    .string()
    .trim()
    .regex(RATE_TEXT, "Enter the rate as dollars per euro, e.g. 1.0850.")
    .refine(
      (text) => Number(text) >= 0.1 && Number(text) <= 10,
      "The rate must be between 0.1 and 10 dollars per euro.",
    ),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the rate's date as YYYY-MM-DD.")
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "Enter a real date."),
});

export type StaffRateSetting = z.infer<typeof staffRateSchema>;

/** "1.0850" on 2026-11-20 → 10850/10000, exact. */
export function staffRateOf(setting: StaffRateSetting): ExchangeRate {
  const [, whole = "0", fraction = ""] = RATE_TEXT.exec(setting.rate) ?? [];
  return {
    numerator: Number(`${whole}${fraction}`),
    denominator: 10 ** fraction.length,
    source: "staff",
    date: setting.date,
  };
}

/** The setting as staff saved it, or null when it is missing or unreadable (logged). */
export async function readStaffRateSetting(db: DbClient): Promise<StaffRateSetting | null> {
  const row = await db.setting.findUnique({ where: { key: STAFF_RATE_KEY } });
  if (!row) return null;
  let json: unknown;
  try {
    json = JSON.parse(row.value);
  } catch {
    json = undefined;
  }
  const parsed = staffRateSchema.safeParse(json);
  if (!parsed.success) {
    logger.warn(
      { setting: STAFF_RATE_KEY },
      "EUR→USD rate setting unreadable: unlocks and IMEI checks are sold in euros",
    );
    return null;
  }
  return parsed.data;
}

export async function getStaffRate(db: DbClient): Promise<ExchangeRate | null> {
  const setting = await readStaffRateSetting(db);
  return setting ? staffRateOf(setting) : null;
}

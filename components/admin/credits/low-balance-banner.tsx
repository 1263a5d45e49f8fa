import "server-only";
import Link from "next/link";
import { Suspense } from "react";
import { creditStatus } from "@/lib/admin/credits/balance";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { formatMoney } from "@/lib/money";
import { commerceClient } from "@/lib/upstream/commerce";

// Shown on every staff page when the commerce credit balance is below the threshold set on
// the Credits page. The balance is read live (never cached) with one short attempt, so an
// unreachable upstream never slows a staff page: the banner is then simply not shown (the
// Credits page says why). No threshold set: no upstream call at all.

/** Streams in after the page: a slow balance read never holds up the staff page itself. */
export function LowBalanceBanner() {
  return (
    <Suspense fallback={null}>
      <Banner />
    </Suspense>
  );
}

async function Banner() {
  const hasThreshold = (await db.setting.count({ where: { key: "credits.lowBalanceThreshold" } })) > 0;
  if (!hasThreshold) return null;
  let status;
  try {
    status = await creditStatus(db, commerceClient(), { timeoutMs: 2_000 });
  } catch (error) {
    logger.warn({ err: error }, "low-balance banner: the balance could not be read");
    return null;
  }
  if (!status.low || !status.threshold) return null;
  return (
    <div role="alert" className="mb-6 rounded-xl border border-warn bg-warn-soft">
      <p className="px-4 py-3 text-sm">
        <strong>Low credit balance:</strong> {formatMoney(status.amountMinor, status.currency)} left, below the{" "}
        {formatMoney(status.threshold.amountMinor, status.threshold.currency)} warning level. Orders that the balance
        cannot cover wait for staff.{" "}
        <Link href="/admin/credits" className="font-medium underline">
          Credits
        </Link>
      </p>
    </div>
  );
}

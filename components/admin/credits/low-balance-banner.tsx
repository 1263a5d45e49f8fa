import Link from "next/link";
import { Suspense } from "react";
import type { LowBalance } from "@/lib/admin/credits/low-balance";
import { formatMoney } from "@/lib/money";

/**
 * Shown on every staff page while the commerce balance is below the Credits page's threshold
 * (lib/admin/credits/low-balance.ts). Streams in after the page: a slow balance read never holds
 * the staff page up.
 */
export function LowBalanceBanner({ balance }: { balance: Promise<LowBalance | null> }) {
  return (
    <Suspense fallback={null}>
      <Banner balance={balance} />
    </Suspense>
  );
}

async function Banner({ balance }: { balance: Promise<LowBalance | null> }) {
  const status = await balance;
  if (!status) return null;
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

import Link from "next/link";
import { formatPhone } from "./phone";

/** The number and the operator the shop found for it, with a way back to step 1. */
export function CarrierSummary({ phone, operatorName, countryName }: { phone: string; operatorName: string; countryName: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface px-5 py-4" data-testid="carrier">
      <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
        <div>
          <dt className="text-muted">Number</dt>
          <dd className="font-medium tabular-nums">{formatPhone(phone)}</dd>
        </div>
        <div>
          <dt className="text-muted">Operator</dt>
          <dd className="font-medium" data-testid="operator-name">
            {operatorName}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Country</dt>
          <dd className="font-medium">{countryName}</dd>
        </div>
      </dl>
      <Link href={`/topup?change=${encodeURIComponent(phone)}`} className="text-sm font-medium text-brand underline-offset-4 hover:underline">
        Change number
      </Link>
    </div>
  );
}

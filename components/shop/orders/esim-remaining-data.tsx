import { Link } from "@/lib/i18n/navigation";
import { formatGb } from "@/lib/products/esim/format";
import { LocalTime } from "@/components/ui/local-time";
import type { EsimUsage } from "@/lib/products/esim/usage";

const LINE_STATUS: Record<string, string> = {
  ready: "Installed or ready to install; not used yet",
  active: "Active",
  depleted: "Data used up",
  expired: "Expired",
};

/**
 * Remaining data with when the supplier checked it. The supplier refreshes it at most every
 * five minutes, and so does the shop: the note says so, so nobody reloads expecting a change.
 */
export function EsimRemainingData({
  usage,
  planGb,
  failed,
  linesHref,
  headingLevel = "h3",
}: {
  usage: EsimUsage | null;
  planGb: number | null;
  failed: boolean;
  linesHref?: string;
  headingLevel?: "h2" | "h3";
}) {
  const Heading = headingLevel;
  return (
    <section aria-labelledby="remaining-heading" className="flex flex-col gap-2" data-testid="esim-remaining">
      <Heading id="remaining-heading" className="font-semibold">
        Remaining data
      </Heading>
      {usage ? (
        <>
          <p className="text-2xl font-bold" data-testid="esim-remaining-amount">
            {usage.unlimited ? "Unlimited" : usage.remainingGb !== null ? `${formatGb(usage.remainingGb)} GB` : "Not reported"}
            {!usage.unlimited && planGb !== null && usage.remainingGb !== null ? <span className="text-base font-normal text-muted"> of {formatGb(planGb)} GB</span> : null}
          </p>
          {usage.unlimited ? <p className="text-sm text-muted">Unlimited plan: fair use applies.</p> : null}
          <dl className="grid gap-1 text-sm">
            {usage.lineStatus ? (
              <div className="flex gap-2">
                <dt className="text-muted">Status:</dt>
                <dd>{LINE_STATUS[usage.lineStatus] ?? usage.lineStatus}</dd>
              </div>
            ) : null}
            {usage.activated === false ? (
              <div className="flex gap-2">
                <dt className="text-muted">Validity:</dt>
                <dd>starts when the eSIM first connects</dd>
              </div>
            ) : usage.daysLeft !== null ? (
              <div className="flex gap-2">
                <dt className="text-muted">Days left:</dt>
                <dd>{usage.daysLeft}</dd>
              </div>
            ) : null}
            {usage.expiresAt ? (
              <div className="flex gap-2">
                <dt className="text-muted">Ends:</dt>
                <dd>
                  <LocalTime iso={usage.expiresAt} />
                </dd>
              </div>
            ) : null}
            {usage.checkedAt ? (
              <div className="flex gap-2" data-testid="esim-checked-at">
                <dt className="text-muted">Checked at:</dt>
                <dd>
                  <LocalTime iso={usage.checkedAt} />
                </dd>
              </div>
            ) : null}
          </dl>
        </>
      ) : (
        <p className="text-sm text-muted">The network has not reported usage yet.</p>
      )}
      <p className="text-xs text-muted">
        {failed ? "We could not reach the network just now; this is the last known reading. " : null}
        The network updates this at most every five minutes.
        {linesHref ? (
          <>
            {" "}
            <Link href={linesHref} className="font-medium text-brand underline-offset-4 hover:underline">
              Data usage page for this eSIM
            </Link>
          </>
        ) : null}
      </p>
    </section>
  );
}

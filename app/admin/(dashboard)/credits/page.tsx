import type { Metadata } from "next";
import { ThresholdForm } from "@/components/admin/credits/threshold-form";
import { PageHeader } from "@/components/admin/shared/page-header";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Td, Th } from "@/components/ui/table";
import { balanceHistory, creditStatus } from "@/lib/admin/credits/balance";
import { getLowBalanceThreshold } from "@/lib/admin/credits/threshold";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { formatMoney } from "@/lib/money";
import { commerceClient } from "@/lib/upstream/commerce";
import { isUpstreamError } from "@/lib/upstream/errors";
import { setThresholdAction } from "./actions";

export const metadata: Metadata = { title: "Credits" };
export const dynamic = "force-dynamic";

async function attempt<T>(
  what: string,
  load: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  try {
    return { ok: true, value: await load() };
  } catch (error) {
    if (!isUpstreamError(error)) logger.error({ err: error }, `credits: ${what} could not be loaded`);
    return {
      ok: false,
      error: isUpstreamError(error) ? error.userMessage : `The ${what} could not be loaded just now.`,
    };
  }
}

export default async function CreditsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaff("staff", "/admin/credits");
  const cursorParam = (await searchParams).cursor;
  const cursor = typeof cursorParam === "string" && /^[\w-]{1,200}$/.test(cursorParam) ? cursorParam : undefined;
  const [status, history, threshold] = await Promise.all([
    attempt("balance", () => creditStatus(db, commerceClient())),
    attempt("history", () => balanceHistory(commerceClient(), cursor)),
    getLowBalanceThreshold(db),
  ]);
  return (
    <>
      <PageHeader
        title="Credits"
        description="The shop's prepaid balance at the commerce API (EUR), which pays for top-ups, eSIMs and gift cards. The unlocking API does not report a balance, so none is shown for unlocks."
      />
      <div className="mb-8 grid gap-4 lg:grid-cols-2">
        <Card>
          <CardTitle>Commerce balance</CardTitle>
          {status.ok ? (
            <>
              <p className="mt-2 text-3xl font-bold tabular-nums" data-testid="credit-balance">
                {formatMoney(status.value.amountMinor, status.value.currency)}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                {status.value.environment ? <Badge>{status.value.environment}</Badge> : null}
                {status.value.low ? <Badge tone="warn">below the warning level</Badge> : null}
              </div>
            </>
          ) : (
            <p role="alert" className="mt-2 text-sm text-danger">
              {status.error}
            </p>
          )}
        </Card>
        <Card>
          <CardTitle className="mb-3">Low-balance warning</CardTitle>
          <ThresholdForm action={setThresholdAction} currentMinor={threshold?.amountMinor ?? null} />
        </Card>
      </div>
      <section aria-labelledby="history-title">
        <h2 id="history-title" className="mb-3 text-lg font-semibold">
          History
        </h2>
        {!history.ok ? (
          <p role="alert" className="text-sm text-danger">
            {history.error}
          </p>
        ) : history.value.rows.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">
            No credit movements yet.
          </p>
        ) : (
          <>
            <Table aria-label="Credit movements">
              <thead>
                <tr>
                  <Th>When</Th>
                  <Th>Movement</Th>
                  <Th>Order</Th>
                  <Th className="text-right">Amount</Th>
                  <Th className="text-right">Balance after</Th>
                </tr>
              </thead>
              <tbody>
                {history.value.rows.map((row) => (
                  <tr key={row.id}>
                    <Td className="whitespace-nowrap">{row.createdAt ? <LocalTime iso={row.createdAt} /> : "—"}</Td>
                    <Td>
                      {row.description ?? row.type ?? "—"} {row.simulated ? <Badge>sandbox</Badge> : null}
                    </Td>
                    <Td className="font-mono text-xs">{row.orderId ?? "—"}</Td>
                    <Td className={`text-right tabular-nums ${row.amountMinor < 0 ? "" : "text-ok"}`}>
                      {formatMoney(row.amountMinor, row.currency)}
                    </Td>
                    <Td className="text-right tabular-nums">
                      {row.balanceAfterMinor === null ? "—" : formatMoney(row.balanceAfterMinor, row.currency)}
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <div className="mt-3 flex gap-3">
              {cursor ? (
                <ButtonLink href="/admin/credits" variant="secondary" size="sm">
                  Newest
                </ButtonLink>
              ) : null}
              {history.value.nextCursor ? (
                <ButtonLink
                  href={`/admin/credits?cursor=${encodeURIComponent(history.value.nextCursor)}`}
                  variant="secondary"
                  size="sm"
                >
                  Older
                </ButtonLink>
              ) : null}
            </div>
          </>
        )}
      </section>
    </>
  );
}

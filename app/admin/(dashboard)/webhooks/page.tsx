import type { Metadata } from "next";
import { PageHeader } from "@/components/admin/shared/page-header";
import { ReceiptFilter, ReceiptsTable } from "@/components/admin/webhooks/receipts-table";
import { RowAction } from "@/components/admin/ops/row-action";
import { SubscriptionForm } from "@/components/admin/webhooks/subscription-form";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { listReceipts, RECEIPT_STATUSES, RECEIPTS_PAGE_SIZE } from "@/lib/admin/webhooks/receipts";
import { listSubscriptions, MAX_SUBSCRIPTIONS, type SubscriptionView } from "@/lib/admin/webhooks/subscriptions";
import { hasRole, requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import type { ReceiptStatus } from "@/lib/db/generated/sqlite/enums";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { commerceClient } from "@/lib/upstream/commerce";
import { isUpstreamError } from "@/lib/upstream/errors";
import { commerceReceiverUrl } from "@/lib/webhooks/subscription";
import {
  createSubscriptionAction,
  deleteSubscriptionAction,
  replayReceiptAction,
  updateSubscriptionAction,
} from "./actions";

export const metadata: Metadata = { title: "Webhooks" };
export const dynamic = "force-dynamic";

async function loadSubscriptions(): Promise<{ ok: true; list: SubscriptionView[] } | { ok: false; error: string }> {
  try {
    return { ok: true, list: await listSubscriptions(db, commerceClient()) };
  } catch (error) {
    if (!isUpstreamError(error)) logger.error({ err: error }, "webhook subscriptions could not be listed");
    return {
      ok: false,
      error: isUpstreamError(error) ? error.userMessage : "The subscriptions could not be loaded just now.",
    };
  }
}

export default async function WebhooksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireStaff("staff", "/admin/webhooks");
  const isAdmin = hasRole(user, "admin");
  const params = await searchParams;
  const status = RECEIPT_STATUSES.find((s) => s === params.status) as ReceiptStatus | undefined;
  const page = typeof params.page === "string" && /^\d{1,6}$/.test(params.page) ? Math.max(1, Number(params.page)) : 1;
  const [subscriptions, receipts] = await Promise.all([loadSubscriptions(), listReceipts(db, { status, page })]);
  const pageHref = (n: number) =>
    `/admin/webhooks?${new URLSearchParams({ ...(status ? { status } : {}), page: String(n) })}`;
  const receiverUrl = commerceReceiverUrl(env.APP_URL);

  return (
    <>
      <PageHeader
        title="Webhooks"
        description={`The shop's subscriptions to the commerce API's order events (at most ${MAX_SUBSCRIPTIONS}), and every delivery received.`}
      />
      <section aria-labelledby="subs-title" className="mb-10 grid gap-4">
        <h2 id="subs-title" className="text-lg font-semibold">
          Subscriptions
        </h2>
        {!subscriptions.ok ? (
          <p role="alert" className="text-sm text-danger">
            {subscriptions.error}
          </p>
        ) : subscriptions.list.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">
            No subscriptions: the shop follows orders by polling only.
          </p>
        ) : (
          subscriptions.list.map((sub) => (
            <Card key={sub.id} data-webhook-id={sub.id}>
              <div className="mb-3 flex flex-wrap items-center gap-2">
                <CardTitle className="font-mono text-sm">{sub.id}</CardTitle>
                <Badge tone={sub.status === "active" ? "ok" : "neutral"}>{sub.status}</Badge>
                {sub.isShopReceiver ? <Badge tone="brand">this shop&apos;s receiver</Badge> : null}
                <Badge tone={sub.secretStored ? "ok" : "warn"}>
                  {sub.secretStored ? "secret stored (encrypted)" : "secret not held"}
                </Badge>
              </div>
              {isAdmin ? (
                <div className="grid gap-4">
                  <SubscriptionForm action={updateSubscriptionAction} subscription={sub} />
                  <RowAction
                    action={deleteSubscriptionAction}
                    id={sub.id}
                    label="Delete subscription"
                    variant="danger"
                    pendingText="Deleting…"
                    confirm={
                      sub.isShopReceiver
                        ? "Delete the shop's own receiver subscription? Order events stop arriving until it is recreated."
                        : "Delete this subscription?"
                    }
                  />
                </div>
              ) : (
                <p className="text-sm break-all">
                  {sub.url} · <span className="font-mono">{sub.events.join(", ")}</span>
                </p>
              )}
            </Card>
          ))
        )}
        {isAdmin && subscriptions.ok && subscriptions.list.length < MAX_SUBSCRIPTIONS ? (
          <Card>
            <CardTitle className="mb-4">New subscription</CardTitle>
            <SubscriptionForm action={createSubscriptionAction} defaultUrl={receiverUrl} />
          </Card>
        ) : null}
        {isAdmin && subscriptions.ok && subscriptions.list.length >= MAX_SUBSCRIPTIONS ? (
          <p className="text-sm text-muted">
            The account has {MAX_SUBSCRIPTIONS} subscriptions, the most allowed: delete one to add another.
          </p>
        ) : null}
        {!isAdmin ? <p className="text-sm text-muted">Only an admin can change subscriptions.</p> : null}
      </section>
      <section aria-labelledby="receipts-title">
        <h2 id="receipts-title" className="mb-3 text-lg font-semibold">
          Receipts <span className="text-sm font-normal text-muted">({receipts.total})</span>
        </h2>
        <ReceiptFilter current={status} statuses={RECEIPT_STATUSES} />
        <ReceiptsTable rows={receipts.rows} replay={replayReceiptAction} />
        <div className="mt-3 flex gap-3">
          {page > 1 ? (
            <ButtonLink href={pageHref(page - 1)} variant="secondary" size="sm">
              Newer
            </ButtonLink>
          ) : null}
          {page * RECEIPTS_PAGE_SIZE < receipts.total ? (
            <ButtonLink href={pageHref(page + 1)} variant="secondary" size="sm">
              Older
            </ButtonLink>
          ) : null}
        </div>
      </section>
    </>
  );
}

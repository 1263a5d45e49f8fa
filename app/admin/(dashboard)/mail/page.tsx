import type { Metadata } from "next";
import Link from "next/link";
import { GiftcardCodesForm } from "@/components/admin/mail/giftcard-codes-form";
import { PageHeader } from "@/components/admin/shared/page-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Td, Th } from "@/components/ui/table";
import { mailOverview } from "@/lib/admin/mail-overview";
import { hasRole, requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { giftcardCodesInMail } from "@/lib/products/giftcard/mail-setting";
import { setGiftcardCodesAction } from "./actions";

export const metadata: Metadata = { title: "Mail" };
export const dynamic = "force-dynamic";

export default async function MailPage() {
  const user = await requireStaff("staff", "/admin/mail");
  const [overview, codesInMail] = await Promise.all([mailOverview(db), giftcardCodesInMail(db)]);
  return (
    <>
      <PageHeader
        title="Mail"
        description="The mail the shop sends buyers and staff: receipts, deliveries, notices and links. Each mail is also listed on its order, where it can be sent again."
      />
      <div className="mb-8 grid gap-4 sm:grid-cols-3">
        <Card>
          <CardTitle>Waiting to be sent</CardTitle>
          <p className="mt-2 text-3xl font-bold tabular-nums" data-testid="mail-waiting">
            {overview.waiting}
          </p>
        </Card>
        <Card>
          <CardTitle>Not sent (gave up)</CardTitle>
          <p className="mt-2 text-3xl font-bold tabular-nums" data-testid="mail-failed">
            {overview.failed}
          </p>
        </Card>
        <Card>
          <CardTitle>Sent in the last 24 hours</CardTitle>
          <p className="mt-2 text-3xl font-bold tabular-nums">{overview.sentLastDay}</p>
        </Card>
      </div>
      <Card className="mb-8">
        <CardTitle className="mb-3">Gift card codes</CardTitle>
        <GiftcardCodesForm action={setGiftcardCodesAction} on={codesInMail} canChange={hasRole(user, "admin")} />
      </Card>
      <section aria-labelledby="problems-heading" className="flex flex-col gap-3">
        <h2 id="problems-heading" className="text-lg font-semibold">
          Mail with delivery problems
        </h2>
        {overview.problems.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">
            Every mail so far went out at its first attempt.
          </p>
        ) : (
          <Table aria-label="Mail with delivery problems">
            <thead>
              <tr>
                <Th>Queued</Th>
                <Th>Mail</Th>
                <Th>State</Th>
              </tr>
            </thead>
            <tbody>
              {overview.problems.map((mail) => (
                <tr key={mail.id}>
                  <Td className="whitespace-nowrap">
                    <LocalTime iso={mail.createdAt.toISOString()} />
                  </Td>
                  <Td>
                    {mail.subject}
                    <span className="block text-xs text-muted">to {mail.to}</span>
                    {mail.orderRef ? (
                      <Link
                        href={`/admin/orders/${mail.orderRef}`}
                        className="text-xs font-medium text-brand underline underline-offset-4"
                      >
                        Order {mail.orderRef}
                      </Link>
                    ) : null}
                  </Td>
                  <Td>
                    <Badge tone={mail.status === "failed" ? "danger" : "warn"}>
                      {mail.status === "failed"
                        ? `not sent after ${mail.attempts} attempts`
                        : `retrying (${mail.attempts} so far)`}
                    </Badge>
                    {mail.error ? <span className="mt-1 block text-xs text-muted">{mail.error}</span> : null}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
    </>
  );
}

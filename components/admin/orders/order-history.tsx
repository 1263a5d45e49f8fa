import { ConfirmAction } from "@/components/admin/shared/confirm-action";
import { Card, CardTitle } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Td, Th } from "@/components/ui/table";
import type { StaffFormAction } from "@/lib/admin/action-state";
import type { StaffOrderView } from "@/lib/admin/orders/detail";
import { Badge } from "@/components/ui/badge";

/** The full timeline for staff: local events, supplier status history, webhook receipts, mail. */
export function OrderHistory({ view, resendMail }: { view: StaffOrderView; resendMail: StaffFormAction }) {
  const { order, receipts, mails, actorEmail, upstreamHistory } = view;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="timeline-heading" className="flex flex-col gap-3">
        <h2 id="timeline-heading" className="text-lg font-semibold">
          Timeline
        </h2>
        <Table>
          <caption className="sr-only">Every event of the order, oldest first</caption>
          <thead>
            <tr>
              <Th>When</Th>
              <Th>Event</Th>
              <Th>Status</Th>
              <Th>By</Th>
              <Th>Message</Th>
            </tr>
          </thead>
          <tbody>
            {order.events.map((e) => (
              <tr key={e.id}>
                <Td className="whitespace-nowrap">
                  <LocalTime iso={e.createdAt.toISOString()} />
                </Td>
                <Td className="font-mono text-xs">
                  {/* Conflicting supplier news about a final order (lib/orders/apply-mapped.ts): kept out of the status, shown to staff. */}
                  {e.type === "upstream_anomaly" ? <Badge tone="warn">anomaly</Badge> : null} {e.type}
                </Td>
                <Td className="whitespace-nowrap text-xs">
                  {e.toStatus ? `${e.fromStatus ?? "—"} → ${e.toStatus}` : ""}
                </Td>
                <Td className="text-xs">
                  {e.source}
                  {e.actor && actorEmail.has(e.actor) ? ` · ${actorEmail.get(e.actor)}` : ""}
                </Td>
                <Td>{e.message}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardTitle>Supplier status history</CardTitle>
          {upstreamHistory.length ? (
            <ol className="mt-3 flex flex-col gap-2 text-sm">
              {upstreamHistory.map((h, i) => (
                <li key={i} className="flex flex-wrap gap-2">
                  <span className="font-mono text-xs">{h.status}</span>
                  <span className="text-xs text-muted">
                    <LocalTime iso={h.at.toISOString()} /> · via {h.source}
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-3 text-sm text-muted">No supplier status seen yet.</p>
          )}
        </Card>
        <Card>
          <CardTitle>Mail</CardTitle>
          {mails.length ? (
            <ul className="mt-3 flex flex-col gap-2 text-sm">
              {mails.map((m) => (
                <li key={m.id}>
                  {m.subject} → {m.to}
                  <span className="block text-xs text-muted">
                    <LocalTime iso={m.createdAt.toISOString()} /> · {mailState(m)}
                  </span>
                  {m.status !== "sent" && m.error ? (
                    <span className="block text-xs text-muted">Last error: {m.error}</span>
                  ) : null}
                  {m.sealed && m.kind !== "delivery" ? null : (
                    <div className="mt-1.5">
                      <ConfirmAction
                        action={resendMail}
                        hidden={{ orderId: order.id, mailId: m.id }}
                        label="Send again"
                        ariaLabel={`Send "${m.subject}" again`}
                        title="Send this mail again?"
                        description={
                          m.sealed
                            ? `"${m.subject}" is written again from the order, with what it delivered, and goes to ${m.to}.`
                            : `"${m.subject}" goes to ${m.to} again, as it was.`
                        }
                        confirmLabel="Send again"
                        pendingText="Sending…"
                      />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-muted">No mail about this order yet.</p>
          )}
        </Card>
      </div>

      <section aria-labelledby="receipts-heading" className="flex flex-col gap-3">
        <h2 id="receipts-heading" className="text-lg font-semibold">
          Webhook receipts
        </h2>
        {receipts.length ? (
          <Table>
            <caption className="sr-only">Webhook deliveries about this order</caption>
            <thead>
              <tr>
                <Th>Received</Th>
                <Th>Event</Th>
                <Th>Verified</Th>
                <Th>Result</Th>
              </tr>
            </thead>
            <tbody>
              {receipts.map((r) => (
                <tr key={r.id}>
                  <Td className="whitespace-nowrap">
                    <LocalTime iso={r.receivedAt.toISOString()} />
                  </Td>
                  <Td className="font-mono text-xs">
                    {r.eventType ?? "unknown"}
                    {r.eventId ? <span className="block text-muted">{r.eventId}</span> : null}
                  </Td>
                  <Td>
                    {r.verified ? (
                      <Badge tone="ok">verified</Badge>
                    ) : (
                      <Badge tone="danger">{r.verifyError ?? "rejected"}</Badge>
                    )}
                  </Td>
                  <Td>
                    <Badge
                      tone={
                        r.status === "failed" || r.status === "rejected"
                          ? "danger"
                          : r.status === "processed"
                            ? "ok"
                            : "neutral"
                      }
                    >
                      {r.status}
                    </Badge>
                    {r.error ? <span className="mt-1 block text-xs text-danger">{r.error}</span> : null}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <p className="text-sm text-muted">
            {order.upstreamOrderId
              ? "No webhook delivery mentions this order."
              : "The order has no supplier order, so no webhooks."}
          </p>
        )}
      </section>
    </div>
  );
}

type MailRow = { status: string; transport: string | null; attempts: number };

/** What became of a mail, in staff's words. */
function mailState(m: MailRow): string {
  if (m.status === "sent") return m.transport === "log" ? "kept here, not sent (no mail server configured)" : "sent";
  if (m.status === "failed") return `not sent after ${m.attempts} attempts`;
  if (m.status === "sending") return "being sent";
  return m.attempts
    ? `waiting to be sent again (${m.attempts} attempt${m.attempts === 1 ? "" : "s"} so far)`
    : "waiting to be sent";
}

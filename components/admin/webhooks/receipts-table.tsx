import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Td, Th } from "@/components/ui/table";
import type { ReceiptRow } from "@/lib/admin/webhooks/receipts";
import type { ActionNotice } from "@/components/admin/ops/notice";
import type { Tone } from "@/lib/ui/tone";
import { RowAction } from "@/components/admin/ops/row-action";

const STATUS_TONE: Record<string, Tone> = {
  processed: "ok",
  failed: "danger",
  rejected: "warn",
  duplicate: "neutral",
  received: "brand",
};

/** The receipt log: verification and processing result per delivery; failed ones can be replayed. */
export function ReceiptsTable({
  rows,
  replay,
}: {
  rows: ReceiptRow[];
  replay: (state: ActionNotice, form: FormData) => Promise<ActionNotice>;
}) {
  if (rows.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">
        No receipts match.
      </p>
    );
  return (
    <Table aria-label="Webhook receipts">
      <thead>
        <tr>
          <Th>Received</Th>
          <Th>Event</Th>
          <Th>Signature</Th>
          <Th>Processing</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} data-receipt-id={r.id} data-event-id={r.eventId ?? ""}>
            <Td className="whitespace-nowrap">
              <LocalTime iso={r.receivedAt.toISOString()} />
              <div className="text-xs text-muted">{r.provider}</div>
            </Td>
            <Td>
              <div className="font-mono text-xs">{r.eventType ?? "—"}</div>
              <div className="font-mono text-xs text-muted">{r.eventId ?? "no event id"}</div>
            </Td>
            <Td>
              {r.verified ? (
                <Badge tone="ok">verified</Badge>
              ) : (
                <Badge tone="warn">{r.verifyError ?? "not verified"}</Badge>
              )}
            </Td>
            <Td>
              <Badge tone={STATUS_TONE[r.status] ?? "neutral"}>{r.status}</Badge>
              <span className="ml-2 text-xs text-muted">
                {r.attempts} {r.attempts === 1 ? "attempt" : "attempts"}
              </span>
              {r.error ? <p className="mt-1 max-w-md text-xs break-words text-muted">{r.error}</p> : null}
            </Td>
            <Td>
              <RowAction
                action={replay}
                id={r.id}
                label="Replay"
                pendingText="Replaying…"
                available={r.status === "failed"}
              />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Status filter links for the receipt log. */
export function ReceiptFilter({ current, statuses }: { current?: string; statuses: readonly string[] }) {
  const items = [
    { value: undefined, label: "All" },
    ...statuses.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
  ];
  return (
    <nav aria-label="Receipt status" className="mb-3">
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.label}>
            <Link
              href={item.value ? `/admin/webhooks?status=${item.value}` : "/admin/webhooks"}
              aria-current={item.value === current ? "page" : undefined}
              className="block rounded-full border border-border px-3 py-1 text-xs font-medium aria-[current=page]:border-brand aria-[current=page]:bg-brand-soft"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

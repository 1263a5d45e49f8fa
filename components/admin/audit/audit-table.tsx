import Link from "next/link";
import { plain } from "@/components/admin/shared/facts";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Td, Th } from "@/components/ui/table";
import type { AuditLog } from "@/lib/db/generated/sqlite/client";

function Change({ before, after }: { before: unknown; after: unknown }) {
  if (before === null && after === null) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 font-mono text-xs">
      {before !== null ? (
        <>
          <dt className="text-muted">before</dt>
          <dd className="break-all">{plain(before)}</dd>
        </>
      ) : null}
      {after !== null ? (
        <>
          <dt className="text-muted">after</dt>
          <dd className="break-all">{plain(after)}</dd>
        </>
      ) : null}
    </dl>
  );
}

function Target({ entry, refs }: { entry: AuditLog; refs: Map<string, string> }) {
  if (entry.targetType === "order" && entry.targetId && refs.has(entry.targetId)) {
    const ref = refs.get(entry.targetId)!;
    return (
      <Link href={`/admin/orders/${ref}`} className="font-mono text-xs text-brand underline-offset-4 hover:underline">
        order {ref}
      </Link>
    );
  }
  return <span className="font-mono text-xs">{[entry.targetType, entry.targetId].filter(Boolean).join(" ")}</span>;
}

export function AuditTable({ rows, refs }: { rows: AuditLog[]; refs: Map<string, string> }) {
  if (!rows.length)
    return (
      <p className="rounded-xl border border-dashed border-border p-8 text-center text-sm text-muted">
        No staff action recorded yet.
      </p>
    );
  return (
    <Table>
      <caption className="sr-only">Staff actions, newest first</caption>
      <thead>
        <tr>
          <Th>When</Th>
          <Th>Who</Th>
          <Th>What</Th>
          <Th>Target</Th>
          <Th>Change</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((entry) => (
          <tr key={entry.id}>
            <Td className="whitespace-nowrap">
              <LocalTime iso={entry.createdAt.toISOString()} />
            </Td>
            <Td className="break-all">{entry.actorEmail ?? "—"}</Td>
            <Td className="font-mono text-xs">{entry.action}</Td>
            <Td>
              <Target entry={entry} refs={refs} />
            </Td>
            <Td className="min-w-48">
              <Change before={entry.before} after={entry.after} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

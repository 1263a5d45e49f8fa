import type { ReactNode } from "react";
import { Card, CardTitle } from "@/components/ui/card";

/** A titled card of label/value pairs; empty values are left out. */
export function Facts({ title, items }: { title: string; items: Array<[string, ReactNode]> }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== "");
  return (
    <Card>
      <CardTitle>{title}</CardTitle>
      {shown.length ? (
        <dl className="mt-3 grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
          {shown.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-3 text-sm text-muted">Nothing yet.</p>
      )}
    </Card>
  );
}

/** JSON values as readable text: strings as they are, the rest compact JSON. */
export function plain(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

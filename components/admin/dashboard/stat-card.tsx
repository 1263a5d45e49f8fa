import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

export function StatCard({
  label,
  value,
  note,
  children,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-1">
      <h2 className="text-sm font-medium text-muted">{label}</h2>
      <p className="text-2xl font-bold tracking-tight tabular-nums">{value}</p>
      {note ? <p className="text-xs text-muted">{note}</p> : null}
      {children}
    </Card>
  );
}

import { cn } from "@/lib/ui/cn";
import { TopupShell } from "./topup-shell";

// What a top-up page looks like while its catalog data loads: the same frame with grey
// blocks, and one status message for screen readers.

function Block({ className }: { className?: string }) {
  return <div className={cn("animate-pulse rounded-xl bg-surface-muted", className)} />;
}

export function TopupLoading({ label, cards = 6 }: { label: string; cards?: number }) {
  return (
    <TopupShell>
      <p role="status" className="sr-only">
        {label}
      </p>
      <Block className="h-4 w-48" />
      <Block className="h-9 w-2/3" />
      <Block className="h-7 w-80 max-w-full" />
      <Block className="h-28" />
      <div className="grid gap-3 sm:grid-cols-2" aria-hidden="true">
        {Array.from({ length: cards }, (_, i) => (
          <Block key={i} className="h-24" />
        ))}
      </div>
    </TopupShell>
  );
}

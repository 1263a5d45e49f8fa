import { cn } from "@/lib/ui/cn";

const STEPS = ["Amount", "Review and pay"] as const;

/** Where the buyer is in buying a gift card (1-based `current`). */
export function GiftcardSteps({ current }: { current: 1 | 2 }) {
  return (
    <nav aria-label="Gift card steps">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {STEPS.map((label, index) => {
          const step = index + 1;
          const state = step < current ? "done" : step === current ? "current" : "todo";
          return (
            <li key={label} className="flex items-center gap-2">
              <span
                aria-current={state === "current" ? "step" : undefined}
                className={cn(
                  "inline-flex items-center gap-2 rounded-full px-3 py-1",
                  state === "current" && "bg-brand text-brand-fg",
                  state === "done" && "bg-brand-soft text-brand",
                  state === "todo" && "bg-surface-muted text-muted",
                )}
              >
                <span className="font-semibold tabular-nums">{step}</span>
                {label}
                {state === "done" ? <span className="sr-only"> (done)</span> : null}
              </span>
              {step < STEPS.length ? <span aria-hidden className="text-muted">›</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

import { cn } from "@/lib/ui/cn";

/** Number first (the usual way in). */
export const NUMBER_FIRST = ["Number", "Amount", "Review and pay"] as const;
/** Browsing a country's operators: the amount is chosen before the number. */
export const BROWSE_FIRST = ["Operator", "Amount", "Number", "Review and pay"] as const;

/** Where the buyer is in the top-up journey (1-based `current`). */
export function StepProgress({ current, steps = NUMBER_FIRST }: { current: number; steps?: readonly string[] }) {
  return (
    <nav aria-label="Top-up steps">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {steps.map((label, index) => {
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
              {step < steps.length ? <span aria-hidden className="text-muted">›</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

import { useTranslations } from "next-intl";
import { cn } from "@/lib/ui/cn";

/** Where the buyer is in a purchase journey (1-based `current`), e.g. "Top-up steps". */
export function StepProgress({ label, current, steps }: { label: string; current: number; steps: readonly string[] }) {
  const t = useTranslations("CheckoutSteps");
  return (
    <nav aria-label={label}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {steps.map((name, index) => {
          const step = index + 1;
          const state = step < current ? "done" : step === current ? "current" : "todo";
          return (
            <li key={name} className="flex items-center gap-2">
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
                {name}
                {state === "done" ? <span className="sr-only"> {t("done")}</span> : null}
              </span>
              {step < steps.length ? (
                <span aria-hidden className="text-muted">
                  ›
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

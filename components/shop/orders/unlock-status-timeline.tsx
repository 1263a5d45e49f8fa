import { Check, CircleDot, Circle, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/ui/cn";

// The unlock's own progress at the supplier (spec section 3), in plain words: open, pending,
// available on the way; canceled, notavailable or error as the end of the road. Each step's
// label and explanation are in the catalogs ("DeliveryUnlock.steps.<key>").

type Step = { key: "open" | "pending" | "available" | "canceled" | "notavailable" | "error" };

const PATH: Step[] = [{ key: "open" }, { key: "pending" }, { key: "available" }];

const ENDS: Record<string, Step> = {
  canceled: { key: "canceled" },
  notavailable: { key: "notavailable" },
  error: { key: "error" },
};

type State = "done" | "current" | "todo" | "ended";

/** Where the unlock is; `upstreamStatus` null = not at the supplier yet. */
export function UnlockStatusTimeline({ upstreamStatus }: { upstreamStatus: string | null }) {
  const t = useTranslations("DeliveryUnlock");
  const status = upstreamStatus?.toLowerCase() ?? null;
  const end = status ? (ENDS[status] ?? (status === "cancelled" ? ENDS.canceled : undefined)) : undefined;
  const reached = end ? 0 : status ? PATH.findIndex((s) => s.key === status) : -1;
  const steps: Array<Step & { state: State }> = end
    ? [
        { ...PATH[0]!, state: "done" },
        { ...end, state: "ended" },
      ]
    : PATH.map((step, i) => ({
        ...step,
        state: i < reached || (i === reached && step.key === "available") ? "done" : i === reached ? "current" : "todo",
      }));

  return (
    <ol className="flex flex-col gap-4" data-testid="unlock-timeline" data-upstream-status={status ?? ""}>
      {steps.map((step) => (
        <li
          key={step.key}
          className="flex gap-3"
          aria-current={step.state === "current" || step.state === "ended" ? "step" : undefined}
        >
          <span
            aria-hidden="true"
            className={cn(
              "mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full",
              step.state === "done" && "bg-ok-soft text-ok",
              step.state === "current" && "bg-brand-soft text-brand",
              step.state === "todo" && "bg-surface-muted text-muted",
              step.state === "ended" &&
                (step.key === "canceled" ? "bg-surface-muted text-fg" : "bg-danger-soft text-danger"),
            )}
          >
            {step.state === "done" ? (
              <Check className="size-4" />
            ) : step.state === "current" ? (
              <CircleDot className="size-4" />
            ) : step.state === "ended" ? (
              <X className="size-4" />
            ) : (
              <Circle className="size-3" />
            )}
          </span>
          <div className="min-w-0">
            <p className={cn("text-sm font-medium", step.state === "todo" && "text-muted")}>
              {t(`steps.${step.key}.label`)}
              <span className="sr-only">{step.state === "ended" ? "" : t(`stepState.${step.state}`)}</span>
            </p>
            {step.state !== "todo" ? <p className="text-sm text-muted">{t(`steps.${step.key}.explanation`)}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

import type { Tone } from "@/lib/ui/tone";
import { cn } from "@/lib/ui/cn";

/** The outcome of a small action form (replay, delete, refresh), announced to screen readers. */
export type ActionNotice = { tone?: Tone; message?: string };

const tones: Record<Tone, string> = {
  neutral: "text-muted",
  brand: "text-fg",
  ok: "text-ok",
  warn: "text-warn",
  danger: "text-danger",
};

export function Notice({ notice, className }: { notice: ActionNotice; className?: string }) {
  return (
    <p role="status" className={cn("text-sm", tones[notice.tone ?? "neutral"], className)}>
      {notice.message ?? ""}
    </p>
  );
}

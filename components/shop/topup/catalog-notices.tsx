import { AlertTriangle, Clock } from "lucide-react";
import { Link } from "@/lib/i18n/navigation";

// The catalog's two honest states besides "fresh": data served from an older copy (with its
// age), and nothing to show because the upstream cannot be reached (with a way to retry).

export function ageText(ageMs: number): string {
  const minutes = Math.max(1, Math.round(ageMs / 60_000));
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hours ago`;
  return `${Math.round(hours / 24)} days ago`;
}

export function StaleNotice({ ageMs, what = "Prices" }: { ageMs: number; what?: string }) {
  return (
    <p className="flex items-start gap-2 rounded-lg bg-warn-soft px-3 py-2 text-sm" data-testid="stale-notice" data-page-cache="short">
      <Clock className="mt-0.5 size-4 shrink-0 text-warn" aria-hidden="true" />
      <span>
        {what} as of {ageText(ageMs)}: we could not refresh them just now. The final price is confirmed before you pay.
      </span>
    </p>
  );
}

/** Nothing cached and the upstream down: say so, and offer the same page again. */
export function CatalogError({ title, message, retryHref, backHref, backLabel }: { title: string; message: string; retryHref: string; backHref?: string; backLabel?: string }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface px-5 py-5" data-testid="catalog-error" data-page-cache="short">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-5 shrink-0 text-danger" aria-hidden="true" />
        {title}
      </p>
      <p className="text-sm text-muted">{message}</p>
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
        <a href={retryHref} className="text-brand underline-offset-4 hover:underline">
          Try again
        </a>
        {backHref ? (
          <Link href={backHref} className="text-brand underline-offset-4 hover:underline">
            {backLabel ?? "Back"}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

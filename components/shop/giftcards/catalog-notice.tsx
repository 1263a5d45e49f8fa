import { Link } from "@/lib/i18n/navigation";
import type { CatalogAge } from "@/lib/catalog/age";

function ageText(ageMs: number): string {
  const minutes = Math.max(1, Math.round(ageMs / 60_000));
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hours`;
  return `${Math.round(hours / 24)} days`;
}

/** The catalog shown is an old copy: say how old, and that the price is confirmed before paying. */
export function CatalogAgeNotice({ age }: { age: CatalogAge }) {
  if (!age) return null;
  return (
    <p className="rounded-lg bg-warn-soft px-3 py-2 text-sm" data-testid="catalog-age" data-page-cache="short">
      Catalog as of {ageText(age.ageMs)} ago
      {age.refreshFailed ? ": we could not refresh it just now" : ""}. The final price is confirmed before you pay.
    </p>
  );
}

/** Nothing to show: the supplier could not be reached and nothing is cached. */
export function CatalogError({ message, retryHref, backHref, backText }: { message: string; retryHref: string; backHref?: string; backText?: string }) {
  return (
    <div role="alert" className="rounded-xl border border-border bg-surface px-5 py-4 text-sm" data-testid="catalog-error" data-page-cache="short">
      <p className="font-medium text-danger">{message}</p>
      <p className="mt-1 text-muted">Your connection is fine: our supplier did not answer. Nothing was charged.</p>
      <div className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
        <Link href={retryHref} className="font-medium text-brand underline-offset-4 hover:underline">
          Try again
        </Link>
        {backHref ? (
          <Link href={backHref} className="font-medium text-brand underline-offset-4 hover:underline">
            {backText ?? "Back"}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** An empty list: what is missing and where to go instead. */
export function EmptyState({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-border bg-surface px-5 py-8 text-center" data-testid="empty-state">
      <p className="font-semibold">{title}</p>
      <div className="mt-2 text-sm text-muted">{children}</div>
    </div>
  );
}

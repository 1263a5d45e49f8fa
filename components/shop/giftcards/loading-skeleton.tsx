/** Placeholder while a gift card page loads from the catalog (announced once, then silent). */
export function GiftcardLoading({ label, tiles = 8, wide = true }: { label: string; tiles?: number; wide?: boolean }) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:py-12" aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div aria-hidden="true" className="flex animate-pulse flex-col gap-6">
        <div className="h-4 w-40 rounded bg-surface-muted" />
        <div className="h-9 w-72 max-w-full rounded-lg bg-surface-muted" />
        <div className="h-4 w-96 max-w-full rounded bg-surface-muted" />
        <div className={`grid gap-3 ${wide ? "sm:grid-cols-2 lg:grid-cols-3" : "sm:grid-cols-2"}`}>
          {Array.from({ length: tiles }, (_, i) => (
            <div key={i} className="h-20 rounded-xl border border-border bg-surface" />
          ))}
        </div>
      </div>
    </div>
  );
}

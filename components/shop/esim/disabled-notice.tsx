import { ButtonLink } from "@/components/ui/button";

/**
 * The supplier has switched travel eSIMs off (ESIM_DISABLED): a notice, not an error page.
 * Kept briefly in the page cache (data-page-cache="short", lib/page-cache/handler.mjs): a cached
 * notice reads no catalog, so the shop would not see eSIMs switched back on until the page's
 * own lifetime ran out.
 */
export function EsimDisabledNotice() {
  return (
    <section aria-labelledby="esim-disabled-heading" className="rounded-xl border border-border bg-surface px-5 py-6" data-testid="esim-disabled" data-page-cache="short">
      <h2 id="esim-disabled-heading" className="text-lg font-semibold">
        Travel eSIMs are not available right now
      </h2>
      <p className="mt-2 text-muted">
        Our supplier has paused eSIM sales. Nothing was charged. eSIMs you already bought keep working and stay on their order pages. Please check back later.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <ButtonLink href="/topup">Mobile top-ups</ButtonLink>
        <ButtonLink href="/giftcards" variant="secondary">
          Gift cards
        </ButtonLink>
      </div>
    </section>
  );
}

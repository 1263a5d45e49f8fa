import { ButtonLink } from "@/components/ui/button";

/** The supplier has switched travel eSIMs off (ESIM_DISABLED): a notice, not an error page. */
export function EsimDisabledNotice() {
  return (
    <section aria-labelledby="esim-disabled-heading" className="rounded-xl border border-border bg-surface px-5 py-6" data-testid="esim-disabled">
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

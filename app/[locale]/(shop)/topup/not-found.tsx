import { ButtonLink } from "@/components/ui/button";

/** An unknown country code or operator id in a top-up link. */
export default function TopupNotFound() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-20">
      <p className="text-sm font-semibold text-brand">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">We could not find that top-up</h1>
      <p className="mt-3 text-muted">The country or operator in the link is not one we sell top-ups for. Start from the number, or browse the countries we serve.</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink href="/topup">Top up a number</ButtonLink>
        <ButtonLink href="/" variant="secondary">
          Back to the shop
        </ButtonLink>
      </div>
    </div>
  );
}

import { ButtonLink } from "@/components/ui/button";

/** An unknown country code or a brand not sold in that country. */
export default function GiftcardNotFound() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-20">
      <p className="text-sm font-semibold text-brand">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">We could not find that gift card</h1>
      <p className="mt-3 text-muted">The brand may not be sold in this country, or the link is incomplete. Search for the brand to see where it is available.</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink href="/giftcards">All gift cards</ButtonLink>
        <ButtonLink href="/" variant="secondary">
          Back to the shop
        </ButtonLink>
      </div>
    </div>
  );
}

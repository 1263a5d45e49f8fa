import { ButtonLink } from "@/components/ui/button";

/** Unknown references and other people's orders look the same: not found. */
export default function OrderNotFound() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-20">
      <p className="text-sm font-semibold text-brand">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">We could not find that order</h1>
      <p className="mt-3 text-muted">Check that the link is complete. Orders placed while signed in can be seen only from that account.</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink href="/account">Your orders</ButtonLink>
        <ButtonLink href="/" variant="secondary">
          Back to the shop
        </ButtonLink>
      </div>
    </div>
  );
}

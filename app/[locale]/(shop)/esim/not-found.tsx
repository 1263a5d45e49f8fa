import { ButtonLink } from "@/components/ui/button";

/** An unknown destination, a plan of another destination, or an eSIM line that is not yours. */
export default function EsimNotFound() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-20">
      <p className="text-sm font-semibold text-brand">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">We could not find that eSIM</h1>
      <p className="mt-3 text-muted">The destination or plan may no longer be offered, or the link is incomplete.</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink href="/esim">All destinations</ButtonLink>
        <ButtonLink href="/" variant="secondary">
          Back to the shop
        </ButtonLink>
      </div>
    </div>
  );
}

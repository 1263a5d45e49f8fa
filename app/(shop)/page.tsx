import { ArrowRight, BadgeCheck, Clock, ShieldCheck } from "lucide-react";
import Link from "next/link";
import { ProductIcon } from "@/components/shop/product-icon";
import { ButtonLink } from "@/components/ui/button";
import { PRODUCTS } from "@/lib/products";
import { catalogClaims } from "@/lib/products/catalog-claims";

const PROMISES = [
  { icon: Clock, title: "Delivered in minutes", text: "Most orders complete while you wait; you can follow each one live." },
  { icon: ShieldCheck, title: "Pay once, exactly once", text: "Every order is placed a single time, whatever happens to your connection." },
  { icon: BadgeCheck, title: "Clear prices", text: "Amount, fees and total are shown before you pay. No surprises." },
];

export default async function HomePage() {
  const claims = await catalogClaims();
  return (
    <>
      <section className="border-b border-border bg-gradient-to-b from-brand-soft to-bg">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <p className="text-sm font-semibold text-brand">Top-ups · eSIMs · Gift cards · Unlocks · IMEI checks</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">Everything your phone needs, delivered online.</h1>
          <p className="mt-5 max-w-2xl text-lg text-muted">
            Recharge a number anywhere in the world, get data for your next trip, send a gift card, or unlock and check a
            device. Pay in one step and follow your order to delivery.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink href="/topup" size="lg">
              Top up a phone
              <ArrowRight className="size-4" aria-hidden="true" />
            </ButtonLink>
            <ButtonLink href="/esim" size="lg" variant="secondary">
              Browse travel eSIMs
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="products-heading" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="products-heading" className="text-2xl font-semibold tracking-tight">
          What would you like to do?
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PRODUCTS.map((p) => (
            <li key={p.type}>
              <Link
                href={p.href}
                className="group flex h-full flex-col rounded-xl border border-border bg-surface p-6 shadow-sm transition hover:border-brand hover:shadow-md"
              >
                <span className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-soft text-brand">
                  <ProductIcon type={p.type} className="size-5" />
                </span>
                <span className="mt-4 text-lg font-semibold">{p.name}</span>
                <span className="text-sm font-medium text-brand">{p.tagline}</span>
                {claims[p.type] ? (
                  <span className="text-xs text-muted" data-testid={`claim-${p.type}`}>
                    {claims[p.type]}
                  </span>
                ) : null}
                <span className="mt-2 flex-1 text-sm text-muted">{p.description}</span>
                <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium group-hover:text-brand">
                  Get started <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden="true" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="promises-heading" className="mx-auto max-w-6xl px-4">
        <h2 id="promises-heading" className="sr-only">
          Why buy here
        </h2>
        <ul className="grid gap-6 rounded-xl border border-border bg-surface p-8 sm:grid-cols-3">
          {PROMISES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <Icon className="mt-0.5 size-6 shrink-0 text-ok" aria-hidden="true" />
              <div>
                <p className="font-semibold">{title}</p>
                <p className="mt-1 text-sm text-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

import { ButtonLink } from "@/components/ui/button";
import { SiteFooter } from "@/components/shop/site-footer";
import { SiteHeader } from "@/components/shop/site-header";

export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="mx-auto flex w-full max-w-6xl flex-1 flex-col items-start px-4 py-20">
        <p className="text-sm font-semibold text-brand">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">We could not find that page</h1>
        <p className="mt-3 text-muted">The link may be mistyped, or the page has moved.</p>
        <ButtonLink href="/" className="mt-8">
          Back to the shop
        </ButtonLink>
      </main>
      <SiteFooter />
    </div>
  );
}

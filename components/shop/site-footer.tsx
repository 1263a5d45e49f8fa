import Link from "next/link";
import { PRODUCTS, SHOP_NAME } from "@/lib/products";
import { INFO_PAGES } from "./info/info-page";

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-semibold">{SHOP_NAME}</p>
          <p className="mt-2 text-sm text-muted">Digital mobile products, delivered online. Prices include all fees shown at checkout.</p>
        </div>
        <nav aria-label="Footer products">
          <p className="text-sm font-semibold">Products</p>
          <ul className="mt-2 space-y-1.5 text-sm text-muted">
            {PRODUCTS.map((p) => (
              <li key={p.type}>
                <Link href={p.href} className="hover:text-fg">
                  {p.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Help">
          <p className="text-sm font-semibold">Help</p>
          <ul className="mt-2 space-y-1.5 text-sm text-muted">
            <li>
              <Link href="/account" prefetch={false} className="hover:text-fg">
                Order history
              </Link>
            </li>
            {INFO_PAGES.map((page) => (
              <li key={page.href}>
                <Link href={page.href} prefetch={false} className="hover:text-fg">
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted">
        © {new Date().getUTCFullYear()} {SHOP_NAME}
      </p>
    </footer>
  );
}

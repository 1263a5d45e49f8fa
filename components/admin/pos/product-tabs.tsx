import Link from "next/link";
import type { PosProduct } from "@/lib/admin/pos/sale-request";
import { cn } from "@/lib/ui/cn";
import { POS_PRODUCTS } from "./products";

/** Which product is being sold: links (each product's form is its own page state). */
export function PosProductTabs({ current }: { current: PosProduct }) {
  return (
    <nav aria-label="Product" className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {POS_PRODUCTS.map((p) => (
          <li key={p.product}>
            <Link
              href={`/admin/pos?product=${p.product}`}
              aria-current={p.product === current ? "page" : undefined}
              className={cn(
                "block rounded-full border px-4 py-1.5 text-sm font-medium",
                p.product === current
                  ? "border-brand bg-brand-soft text-fg"
                  : "border-border text-muted hover:bg-surface-muted hover:text-fg",
              )}
            >
              {p.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

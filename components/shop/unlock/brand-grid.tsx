import { ListLink } from "@/components/shop/list-link";
import type { UnlockBrand } from "@/lib/upstream/unlock/schemas";

/** Every brand with unlocks, each a link to its devices. */
export function BrandGrid({ brands }: { brands: UnlockBrand[] }) {
  return (
    <ul className="grid grid-cols-2 gap-2 md:grid-cols-3 lg:grid-cols-4" data-testid="brand-list">
      {brands.map((brand) => (
        <li key={brand.id}>
          <ListLink
            href={`/unlock/${brand.id}`}
            className="flex h-full items-center rounded-xl border border-border bg-surface px-4 py-3 font-medium transition hover:border-brand hover:shadow-sm"
          >
            {brand.name}
          </ListLink>
        </li>
      ))}
    </ul>
  );
}

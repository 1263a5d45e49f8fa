import { Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import type { GiftcardCountry } from "@/lib/products/giftcard/types";

/**
 * Brand search by name and country: a plain GET form (works before hydration). /giftcards
 * turns a chosen country into the shareable /giftcards/[country]?q=…; no country searches
 * every country.
 */
export function BrandSearchForm({ countries, country, query }: { countries: GiftcardCountry[]; country?: string; query?: string }) {
  return (
    <form action="/giftcards" method="get" role="search" aria-label="Gift card brands" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)_auto] sm:items-end">
      <div className="flex flex-col gap-1.5">
        <label htmlFor="giftcard-q" className="text-sm font-medium">
          Brand
        </label>
        <Input id="giftcard-q" name="q" type="search" defaultValue={query} placeholder="Steam, Netflix, Amazon…" autoComplete="off" maxLength={100} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="giftcard-country" className="text-sm font-medium">
          Country
        </label>
        <Select id="giftcard-country" name="country" defaultValue={country ?? ""}>
          <option value="">All countries</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" className="w-full sm:w-auto">
        <Search className="size-4" aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}

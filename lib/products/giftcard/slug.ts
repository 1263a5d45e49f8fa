// Brand names in URLs: "Nintendo eShop" → "nintendo-eshop". A brand is sold once per country,
// so its slug is unique within the country's list; the numeric id also resolves (and redirects).

export function brandSlug(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/&/g, " and ")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "brand"
  );
}

/** Brand names and categories that contain every word of the query (any case, any accents). */
export function matchesQuery(brand: { name: string; category: string | null }, query: string): boolean {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  const haystack = foldForSearch(`${brand.name} ${brand.category ?? ""}`);
  return words.every((word) => haystack.includes(word));
}

/** Case- and accent-insensitive text for matching a search. */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
}

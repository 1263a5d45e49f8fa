import type { Page } from "./schemas/common";

// Reads every page of a cursor-paginated list (e.g. the 66 top-up countries are two pages
// at the default limit), for catalog refreshes that cache the whole list.

export async function allPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  options: { maxPages?: number } = {},
): Promise<T[]> {
  const maxPages = options.maxPages ?? 50;
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 0; pages < maxPages; pages++) {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    if (!page.hasMore || page.cursor === null) return items;
    // A cursor handed out twice would loop forever.
    if (seen.has(page.cursor)) throw new Error(`pagination repeated the cursor ${page.cursor}`);
    seen.add(page.cursor);
    cursor = page.cursor;
  }
  throw new Error(`more than ${maxPages} pages: refusing to read further`);
}

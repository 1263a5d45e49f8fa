import "server-only";
import { catalogCache } from "./cache-default";
import type { CatalogRead } from "./cache";
import { catalogKey, type CatalogResource } from "./lifetimes";

/** One cached catalog read: the key is built from the resource and its parameters. */
export function cachedRead<T>(
  resource: CatalogResource,
  params: Record<string, string | number | boolean | undefined>,
  fetch: () => Promise<T>,
): Promise<CatalogRead<T>> {
  return catalogCache.read({ key: catalogKey(resource, params), resource, fetch });
}

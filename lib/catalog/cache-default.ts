import "server-only";
import { db } from "@/lib/db";
import { createCatalogCache, type CatalogCache } from "./cache";

// The app's catalog cache. Kept on globalThis so dev-mode module reloads reuse one instance
// (its single-flight map and gathered hit counts).
const globalForCache = globalThis as unknown as { __catalogCache?: CatalogCache };

export const catalogCache: CatalogCache = (globalForCache.__catalogCache ??= createCatalogCache(db));

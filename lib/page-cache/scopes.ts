import { expireScopes } from "./handler.mjs";

// The app's side of the page cache (lib/page-cache/handler.mjs, which Next.js loads outside the
// bundles): both copies of the handler module reach the same registry on globalThis.

/** What a page of the cache depends on: a product's catalog, or everything (staff settings, prices). */
export type PageScope = "topup" | "esim" | "giftcards" | "unlock" | "imei-check" | "all";

/** Every cached page of these scopes stored up to now is dropped at its next request. */
export function expirePageScopes(scopes: PageScope[], now = Date.now()): void {
  expireScopes(scopes, now);
}

// What the unlock catalog says when a read fails for a reason that is not the supplier's (an
// upstream error carries its own message: lib/upstream/errors.ts). The point of sale shows these
// as they are; the buyer pages and the pay action recognise them and say them in the buyer's
// language. Pure: no server code here.

export const UNLOCK_CATALOG_FAILURES = {
  brands: "We could not load the brands just now. Please try again in a moment.",
  devices: "We could not load the devices just now. Please try again in a moment.",
  countries: "We could not load the countries just now. Please try again in a moment.",
  networks: "We could not load the networks just now. Please try again in a moment.",
  services: "We could not load the unlock services just now. Please try again in a moment.",
} as const;

export type UnlockCatalogFailure = keyof typeof UNLOCK_CATALOG_FAILURES;

/** Which of the catalog's own failures `message` is, or null (the supplier's message, or another). */
export function unlockCatalogFailureOf(message: string): UnlockCatalogFailure | null {
  const found = Object.entries(UNLOCK_CATALOG_FAILURES).find(([, text]) => text === message);
  return found ? (found[0] as UnlockCatalogFailure) : null;
}

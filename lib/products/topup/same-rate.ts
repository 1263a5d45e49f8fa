import type { TopupChoice } from "./types";

/**
 * An earlier order's rate among today's choices ("Top up again", ./buy-again.ts): by its token
 * while the catalog still offers it, else by its product name within the same service type
 * (tokens change with the catalog; the name is what the buyer chose).
 */
export function sameRate(
  choices: readonly TopupChoice[],
  earlier: { token?: string; productName?: string | null; serviceType?: string | null },
): TopupChoice | undefined {
  return (
    choices.find((choice) => choice.token === earlier.token) ??
    choices.find(
      (choice) =>
        !!earlier.productName &&
        choice.productName === earlier.productName &&
        (!earlier.serviceType || choice.serviceType === earlier.serviceType),
    )
  );
}

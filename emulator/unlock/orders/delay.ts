// create_order "may take up to 30 seconds" (spec section 8): a real-time delay before the
// answer, short by default so test suites stay fast, realistic when config.realistic is on.
export const CREATE_DELAY_MS = { quick: [50, 200], realistic: [2_000, 30_000] } as const;

export function createOrderDelayMs(realistic: boolean, random: () => number = Math.random): number {
  const [min, max] = realistic ? CREATE_DELAY_MS.realistic : CREATE_DELAY_MS.quick;
  return Math.round(min + random() * (max - min));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

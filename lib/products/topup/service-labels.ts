/** A top-up service type as the shop names it (tabs, promotions). */
export const SERVICE_LABELS: Record<string, string> = { airtime: "Airtime", data: "Data", bundle: "Bundles" };

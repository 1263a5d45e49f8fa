/**
 * The top-up service types the shop names itself (tabs, tables, promotions), in each language:
 * messages Topup.serviceType.* and Topup.productType.*. Any other type shows the upstream's name.
 */
export const SERVICE_TYPES = ["airtime", "data", "bundle"] as const;

export type ServiceType = (typeof SERVICE_TYPES)[number];

export function isServiceType(type: string): type is ServiceType {
  return (SERVICE_TYPES as readonly string[]).includes(type);
}

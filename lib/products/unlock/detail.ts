import { z } from "zod";
import { storedImeiSchema, type Suffixes } from "@/lib/validation/imei";
import type { ToolView, UnlockSelection } from "./types";

// The one shape of an unlock order's `Order.detail`, whoever writes it (the storefront's pay
// action and the point of sale, through sale.ts) and whoever reads it (placement with
// create_order, the order and payment pages, staff). The ids, IMEI and suffixes are what
// create_order needs; the names are only shown, so each is read on its own and a malformed one
// hides only itself.

const loose = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const unlockNamesSchema = z.object({
  brandName: loose(z.string()),
  deviceName: loose(z.string()),
  countryName: loose(z.string()),
  networkName: loose(z.string()),
  toolName: loose(z.string()),
  guaranteedTime: loose(z.object({ min: z.number(), max: z.number(), type: z.string() })),
});

export const unlockDetailSchema = z.looseObject({
  deviceId: z.number().int().nonnegative(),
  networkId: z.number().int().nonnegative(),
  imei: storedImeiSchema,
  suffixes: z.record(z.string(), z.string()).optional(),
  toolId: z.number().int().nonnegative(),
  /** The tool's guaranteed time type: the polling schedule follows it (lib/orders/schedule.ts). */
  guaranteedTimeType: z.string().optional(),
  unlock: loose(unlockNamesSchema),
});
export type UnlockDetail = z.infer<typeof unlockDetailSchema>;

/** The detail of an order for `tool` on the selection's device and network. */
export function unlockOrderDetail(
  { device, country, network }: Omit<UnlockSelection, "tools">,
  tool: ToolView,
  imei: string,
  suffixes: Suffixes,
): UnlockDetail {
  return unlockDetailSchema.parse({
    deviceId: device.id,
    networkId: network.id,
    imei,
    suffixes,
    toolId: tool.id,
    guaranteedTimeType: tool.guaranteedTime.type,
    unlock: {
      brandName: device.brandName,
      deviceName: device.name,
      countryName: country.name,
      networkName: network.name,
      toolName: tool.serviceName || tool.name,
      guaranteedTime: tool.guaranteedTime,
    },
  });
}

// The pages show what they can: each field on its own, an order too old or too broken to place
// still shows its IMEI and names.
const shape = unlockDetailSchema.shape;
const unlockDetailViewSchema = z.object({
  imei: loose(shape.imei),
  suffixes: loose(shape.suffixes),
  guaranteedTimeType: loose(shape.guaranteedTimeType),
  unlock: shape.unlock,
});
export type UnlockDetailView = z.infer<typeof unlockDetailViewSchema>;

/** What the buyer's and staff's pages show of the detail; a malformed detail shows nothing. */
export function readUnlockDetail(detail: unknown): UnlockDetailView {
  const parsed = unlockDetailViewSchema.safeParse(detail ?? {});
  return parsed.success ? parsed.data : {};
}

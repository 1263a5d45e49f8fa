import { z } from "zod";
import { upstreamId } from "./common";
import { isoCode } from "./topup";

// Status and utilities (spec section 4): health check, IP geolocation, v2 root.

/**
 * GET /status (no auth): a "health check" (C§4) whose fields are not shown. A successful answer
 * without a `status` field reads as "ok": the envelope's `success` is the check's answer.
 */
export const statusSchema = z.looseObject({
  status: z.string().default("ok"),
  version: z.string().optional(),
  time: z.string().optional(),
  /** Per vertical, e.g. `{ esim: "disabled" }` when eSIM is off on the host. */
  services: z.record(z.string(), z.string()).optional(),
});
export type ServiceStatus = z.infer<typeof statusSchema>;

/** GET /geo: where an IP is (the caller's by default). */
export const geoSchema = z.looseObject({
  ip: z.string().nullish(),
  iso_short_code: isoCode.nullish(),
  country_iso: isoCode.nullish(),
  id_country: upstreamId.nullish(),
  country_name: z.string().nullish(),
  city: z.string().nullish(),
  region: z.string().nullish(),
  timezone: z.string().nullish(),
  currency: z.string().nullish(),
  calling_code: z.string().nullish(),
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
});
export type Geo = z.infer<typeof geoSchema>;

/** GET / (the v2 root, no auth): discovery links. */
export const rootSchema = z.looseObject({
  name: z.string().optional(),
  version: z.string().optional(),
  links: z.record(z.string(), z.string()).optional(),
  authentication: z.looseObject({ resource_metadata: z.string().optional() }).optional(),
});
export type ApiRoot = z.infer<typeof rootSchema>;

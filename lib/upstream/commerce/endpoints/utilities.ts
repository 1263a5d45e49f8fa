import type { Call, CallOptions } from "../request";
import { geoSchema, rootSchema, statusSchema } from "../schemas";

// Status and utilities (spec section 4). /status and / need no auth: no credential is sent.

export function utilityEndpoints(call: Call) {
  const base = { method: "GET", priority: "catalog", retry: "idempotent" } as const;
  return {
    /** GET /status: health check (no auth). */
    getStatus: async (options?: CallOptions) =>
      (
        await call(
          { ...base, authenticated: false, path: "/v2/status", route: "GET /v2/status", schema: statusSchema },
          options,
        )
      ).data,
    /** GET /geo: IP geolocation (the caller's address unless `ip` is given). */
    getGeo: async (query: { ip?: string; lang?: string } = {}, options?: CallOptions) =>
      (
        await call(
          { ...base, authenticated: true, path: "/v2/geo", route: "GET /v2/geo", query, schema: geoSchema },
          options,
        )
      ).data,
    /** GET / (the v2 root): discovery links (no auth). */
    getRoot: async (options?: CallOptions) =>
      (await call({ ...base, authenticated: false, path: "/v2", route: "GET /v2", schema: rootSchema }, options)).data,
  };
}

export type UtilityEndpoints = ReturnType<typeof utilityEndpoints>;

import "server-only";

// The unlocking API's credential header names, in ONE place. The spec (section 5) names them
// SVC_KEY / SVC_SECRET; the live service (upstream-notes) names them DSIM_KEY / DSIM_SECRET.
// The spec wins by default; a deployment against the live service sets
// UNLOCK_HEADER_NAMES=live (lib/env-schema.ts). The emulator accepts both pairs.

export const UNLOCK_CREDENTIAL_HEADERS = {
  spec: { key: "SVC_KEY", secret: "SVC_SECRET" },
  live: { key: "DSIM_KEY", secret: "DSIM_SECRET" },
} as const;

export type UnlockHeaderNames = keyof typeof UNLOCK_CREDENTIAL_HEADERS;

export const DEFAULT_UNLOCK_HEADER_NAMES: UnlockHeaderNames = "spec";

export function unlockCredentialHeaders(
  names: UnlockHeaderNames,
  svcKey: string,
  svcSecret: string,
): Record<string, string> {
  const pair = UNLOCK_CREDENTIAL_HEADERS[names];
  return { [pair.key]: svcKey, [pair.secret]: svcSecret };
}

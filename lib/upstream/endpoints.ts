import "server-only";
import { env } from "@/lib/env";
import { emulatorUrl } from "@/lib/env-schema";

/** Where each upstream lives: the configured API, or the embedded emulator when none is set. */
export function upstreamEndpoints() {
  const emulator = emulatorUrl(env.EMULATOR_PORT);
  return {
    commerce: { baseUrl: env.COMMERCE_API_URL ?? emulator, emulated: !env.COMMERCE_API_URL },
    unlock: { baseUrl: env.UNLOCK_API_URL ?? emulator, emulated: !env.UNLOCK_API_URL },
  };
}

/** The embedded emulator's instance id (set by `npm start`), for an upstream that is the embedded emulator. */
export function sandboxInstance(api: "commerce" | "unlock"): string | null {
  return upstreamEndpoints()[api].emulated ? (env.EMBEDDED_UPSTREAM_INSTANCE ?? null) : null;
}

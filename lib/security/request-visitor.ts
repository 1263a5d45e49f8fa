import "server-only";
import { headers } from "next/headers";
import { visitorKey } from "./client-address";

/** The current request's visitor key (lib/security/client-address.ts), for per-visitor limits. */
export async function requestVisitor(): Promise<string> {
  return visitorKey(await headers());
}

import "server-only";
import { resolveUnlockImeiCheckAccess } from "@/lib/upstream/connection/resolve";
import { imeiCheckAccessProblem } from "@/lib/upstream/unlock/imeicheck-hash";

// Whether the shop can sell IMEI checks now: a production unlocking account needs the IMEI check
// hash settings (docs/unlock.md "IMEI check hash"), or every check would be refused upstream
// after the buyer paid. Read by the sale step and by the shared product availability.

/** null = ready; else the staff message (it names the cause and where to fix it). */
export async function imeiCheckSetupProblem(): Promise<string | null> {
  return imeiCheckAccessProblem(await resolveUnlockImeiCheckAccess());
}

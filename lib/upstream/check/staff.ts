import "server-only";
import { recordAudit, type AuditEntry } from "@/lib/audit/record";
import { checkShopConnection } from "./app";
import type { GoLiveReport } from "./run";

// The admin's "Check connection" (Admin → Upstream connection): the go-live check on the
// connection in use, recorded in the audit log with what it found (never a credential).

export async function goLiveCheckByStaff(actor: AuditEntry["actor"]): Promise<GoLiveReport> {
  const report = await checkShopConnection();
  const failed = report.rows.filter((row) => row.failed).map((row) => `${row.endpoint}: ${row.text}`);
  await recordAudit({
    actor,
    action: "upstream.go_live_check",
    targetType: "upstream",
    targetId: "all",
    after: { ok: report.ok, failingProducts: report.failingProducts, failed },
  });
  return report;
}

import { NextResponse } from "next/server";
import { getCurrentUser, hasRole } from "@/lib/auth/guards";
import { checkHealth, publicHealth } from "@/lib/health";

export const dynamic = "force-dynamic";

/**
 * Liveness for load balancers: 200 while the database answers ({"status":"ok"} or "degraded"
 * when an upstream is unreachable), 503 ("down") when it does not. Only signed-in staff see
 * the detail (latencies, errors, providers). Upstreams are probed at most once per interval
 * however often this is called (lib/health.ts).
 */
export async function GET() {
  const health = await checkHealth();
  // No database, no session check: the public answer then (never an error).
  const user = health.database.ok ? await getCurrentUser().catch(() => null) : null;
  return NextResponse.json(hasRole(user, "staff") ? health : publicHealth(health), {
    status: health.database.ok ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}

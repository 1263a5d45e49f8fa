import { NextResponse } from "next/server";
import { checkHealth } from "@/lib/health";

export const dynamic = "force-dynamic";

/** Liveness for load balancers (503 when the database is down) and detail for staff. */
export async function GET() {
  const health = await checkHealth();
  return NextResponse.json(health, {
    status: health.database.ok ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}

import { NextResponse, type NextRequest } from "next/server";
import { parseOrderFilters } from "@/lib/admin/orders/filters";
import { ordersCsvStream } from "@/lib/admin/orders/export";
import { getCurrentUser, hasRole } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

// GET /admin/orders/export?<the list's filters>: the filtered orders as CSV, streamed.
// Route handlers do not run the dashboard layout: the role is checked here. Visitors are sent
// to sign in; signed-in non-staff get a 403 with a machine-readable code.
export async function GET(request: NextRequest) {
  const user = await getCurrentUser();
  if (!user) {
    const next = `${request.nextUrl.pathname}${request.nextUrl.search}`;
    return NextResponse.redirect(new URL(`/admin/sign-in?next=${encodeURIComponent(next)}`, env.APP_URL), 303);
  }
  if (!hasRole(user, "staff"))
    return NextResponse.json(
      { error: { code: "FORBIDDEN", message: "Only shop staff can export orders." } },
      { status: 403 },
    );
  const { filters, problems } = parseOrderFilters(request.nextUrl.searchParams);
  if (problems.length)
    return NextResponse.json({ error: { code: "INVALID_FILTER", message: problems.join(" ") } }, { status: 400 });
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
  return new Response(ordersCsvStream(db, filters), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${stamp}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

import { NextResponse, type NextRequest } from "next/server";
import { getCurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { findViewableOrder } from "@/lib/orders/access";
import { buyAgainHref } from "@/lib/orders/buy-again";
import { localizedPath, supportedLocale } from "@/lib/i18n/locale-routing.mjs";

// "Buy again" (lib/orders/buy-again.ts): resolved when clicked, so the buyer lands on today's
// offer (a top-up's rate tokens change with the catalog). Whoever may see the order may buy it
// again; for anyone else the order does not exist.
export async function GET(request: NextRequest, { params }: { params: Promise<{ locale: string; ref: string }> }) {
  const { ref, locale } = await params;
  const user = await getCurrentUser();
  const order = await findViewableOrder(
    (r) =>
      db.order.findUnique({
        where: { ref: r },
        select: { userId: true, placedAsGuest: true, productType: true, detail: true, locale: true },
      }),
    ref,
    user?.id,
  );
  if (!order)
    return NextResponse.json({ error: { code: "ORDER_NOT_FOUND", message: "No such order." } }, { status: 404 });
  const href = (await buyAgainHref(order)) ?? `/orders/${ref}`;
  // In the language the buyer clicked from.
  // On APP_URL: the request's own URL names whatever host Next.js was reached by (docs/security.md, "Hosts and origins").
  return NextResponse.redirect(new URL(localizedPath(href, supportedLocale(locale)), env.APP_URL), 303);
}

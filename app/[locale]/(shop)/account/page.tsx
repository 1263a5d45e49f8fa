import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/navigation";
import { signOutAction, signOutEverywhereAction } from "./actions";
import { removeNumberAction, saveNumberAction } from "./saved-numbers-actions";
import { claimGuestOrders } from "@/lib/account/guest-orders";
import { listSavedNumbers } from "@/lib/account/saved-numbers";
import { SavedNumbers } from "@/components/shop/account/saved-numbers";
import { purchaseLines } from "@/lib/products/purchase-lines";
import { ProductIcon } from "@/components/shop/product-icon";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { requireUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { moneyText } from "@/lib/i18n/formats";
import { orderStatusDisplay } from "@/lib/orders/presentation";
import { buyAgainLabel } from "@/lib/orders/buy-again";
import { FINAL_STATUSES } from "@/lib/orders/lifecycle";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { pageLocale } from "@/lib/i18n/locale-param";
import { localizedPath } from "@/lib/i18n/locale-routing.mjs";

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: "Account" });
  return { title: t("title") };
}

/** What the order was for, in one line (number and operator, brand and value, destination and data …). */
function OrderSummary({ productType, detail }: { productType: ProductType; detail: unknown }) {
  const summary = purchaseLines(productType, detail)
    .slice(0, 3)
    .map((line) => line.value)
    .join(" · ");
  return summary ? (
    <span className="block text-sm text-muted sm:truncate" data-testid="order-summary">
      {summary}
    </span>
  ) : null;
}

export default async function AccountPage({
  params,
  searchParams,
}: Params & { searchParams: Promise<{ confirmed?: string; moved?: string }> }) {
  const locale = await pageLocale(params);
  const [t, products] = await Promise.all([
    getTranslations({ locale, namespace: "Account" }),
    getTranslations({ locale, namespace: "Products" }),
  ]);
  const user = await requireUser("/account");
  const account = await db.user.findUnique({
    where: { id: user.id },
    select: { id: true, email: true, role: true, emailVerifiedAt: true },
  });
  // Orders placed while signed in belong to the account; guest orders with its address joined
  // when the address was confirmed (a session needs that), later ones join on the next visit.
  if (account) await claimGuestOrders(db, account);
  // Just confirmed from the mailed link (recovery-actions.ts): what joined.
  const query = await searchParams;
  const joined = Number(query.confirmed);
  const confirmedNotice =
    query.confirmed !== undefined && Number.isInteger(joined) && joined >= 0
      ? { joined, moved: query.moved === "1" }
      : null;
  const [orders, numbers] = await Promise.all([
    db.order.findMany({ where: { userId: user.id }, orderBy: { createdAt: "desc" }, take: 100 }),
    listSavedNumbers(db, user.id),
  ]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t("heading")}</h1>
          <p className="mt-1 text-sm text-muted">{t("signedInAs", { email: user.email })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink href="/account/settings" variant="secondary">
            {t("settings")}
          </ButtonLink>
          <form action={signOutAction}>
            <Button type="submit" variant="secondary">
              {t("signOut")}
            </Button>
          </form>
          {/* Ends the sessions on every device, for a lost phone or a shared computer. */}
          <form action={signOutEverywhereAction}>
            <Button type="submit" variant="secondary">
              {t("signOutEverywhere")}
            </Button>
          </form>
        </div>
      </div>

      {confirmedNotice ? (
        <Card className="mt-6 flex flex-col gap-1 text-sm" role="status" data-testid="email-confirmed">
          <p className="font-medium">
            {confirmedNotice.moved
              ? t("accountNowUses", { email: user.email })
              : t("emailConfirmed", { email: user.email })}
          </p>
          <p className="text-muted">
            {confirmedNotice.joined > 0 ? t("ordersJoined", { count: confirmedNotice.joined }) : t("futureGuestOrders")}
          </p>
        </Card>
      ) : null}

      {orders.length === 0 ? (
        <Card className="mt-8 text-center">
          <p className="font-medium">{t("noOrders")}</p>
          <p className="mt-1 text-sm text-muted">{t("noOrdersBody")}</p>
          <ButtonLink href="/" className="mt-4" variant="secondary">
            {t("browse")}
          </ButtonLink>
        </Card>
      ) : (
        <ul className="mt-8 divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface">
          {orders.map((order) => {
            const status = orderStatusDisplay(order.status, locale);
            const product = products(`${order.productType}.name`);
            // A product without "buy again" has no label (lib/orders/buy-again.ts).
            const again = FINAL_STATUSES.includes(order.status)
              ? (buyAgainLabel(order.productType, locale) ?? null)
              : null;
            return (
              <li key={order.id} className="flex flex-col sm:flex-row sm:items-center">
                <Link
                  href={`/orders/${order.ref}`}
                  className="flex min-w-0 flex-1 items-center gap-4 px-5 py-4 hover:bg-surface-muted"
                >
                  <ProductIcon type={order.productType} className="size-5 shrink-0 text-brand" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{product}</span>
                    <OrderSummary productType={order.productType} detail={order.detail} />
                    <span className="block text-xs text-muted">
                      <LocalTime iso={order.createdAt.toISOString()} />
                    </span>
                  </span>
                  <span className="flex shrink-0 flex-col items-end gap-1.5 sm:flex-row-reverse sm:items-center sm:gap-4">
                    <span className="font-medium tabular-nums sm:w-20 sm:text-right">
                      {moneyText(order.retailAmount, order.currency, locale)}
                    </span>
                    <Badge tone={status.tone}>{status.label}</Badge>
                  </span>
                </Link>
                {again ? (
                  <a
                    href={localizedPath(`/orders/${order.ref}/again`, locale)}
                    className={buttonClasses(
                      "secondary",
                      "sm",
                      "mx-5 mb-4 self-start sm:mx-0 sm:mr-5 sm:mb-0 sm:self-center",
                    )}
                    aria-label={t("buyAgainAria", {
                      action: again,
                      product,
                      date: order.createdAt.toISOString().slice(0, 10),
                    })}
                  >
                    {again}
                  </a>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}

      <SavedNumbers numbers={numbers} locale={locale} save={saveNumberAction} remove={removeNumberAction} />
    </div>
  );
}

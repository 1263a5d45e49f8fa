import Link from "next/link";
import { Facts, plain } from "@/components/admin/shared/facts";
import { LocalTime } from "@/components/ui/local-time";
import type { StaffOrderView } from "@/lib/admin/orders/detail";
import { staffLanguageLabel } from "@/lib/i18n/language-names";
import { DEFAULT_LOCALE, supportedLocale } from "@/lib/i18n/locale-routing.mjs";
import { formatMoney } from "@/lib/money";
import { statusReasonText } from "@/lib/orders/buyer-text";
import { asObject } from "@/lib/orders/detail";
import { productName } from "@/lib/products/product-name";
import { describeConnection } from "@/lib/upstream/connection/registry";
import { OrderStatusBadge } from "./status-badge";

const time = (d: Date | null) => (d ? <LocalTime iso={d.toISOString()} /> : null);

/** Order, buyer, payment, supplier and the product's request and fulfillment data (summarised where the product has a summary, as an IMEI check's result, not its raw answer). */
export function OrderFacts({ view }: { view: StaffOrderView }) {
  const { order } = view;
  const detail = asObject(order.detail);
  const { placement, priceToken: _priceToken, ...request } = detail;
  const fulfillment = asObject(order.fulfillment);
  const buyerLocale = supportedLocale(order.locale);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Facts
        title="Order"
        items={[
          [
            "Reference",
            <span key="r" className="font-mono text-xs">
              {order.ref}
            </span>,
          ],
          ["Product", productName(order.productType)],
          ["Status", <OrderStatusBadge key="s" status={order.status} />],
          ["Reason", order.statusReason],
          // What the buyer's order page and mails say, in the language they bought in.
          [
            "Buyer reads",
            buyerLocale !== DEFAULT_LOCALE && order.statusReason ? (
              <span key="br" lang={buyerLocale}>
                {statusReasonText(order.statusReason, buyerLocale)}
              </span>
            ) : null,
          ],
          ["Total", formatMoney(order.retailAmount, order.currency)],
          ["Created", time(order.createdAt)],
          ["Paid", time(order.paidAt)],
          ["Placed", time(order.placedAt)],
          ["Fulfilled", time(order.fulfilledAt)],
        ]}
      />
      <Facts
        title="Buyer"
        items={[
          ["Email", order.customerEmail],
          ["Language", staffLanguageLabel(order.locale)],
          [
            "Account",
            order.user ? (
              <Link
                key="u"
                href={`/admin/customers/${order.user.id}`}
                className="text-brand underline-offset-4 hover:underline"
              >
                {order.user.name ?? order.user.email}
              </Link>
            ) : (
              "Guest"
            ),
          ],
        ]}
      />
      <Facts
        title="Payment"
        items={
          view.order.payments.length
            ? view.order.payments.map((p, i) => [
                `Attempt ${i + 1}`,
                `${p.status} · ${p.provider} · ${formatMoney(p.amount, p.currency)} · ${p.updatedAt.toISOString().slice(0, 16).replace("T", " ")} UTC${p.actor ? ` · by ${view.actorEmail.get(p.actor) ?? "staff"}` : ""}`,
              ])
            : [["Payment", "No payment attempt"]]
        }
      />
      <Facts
        title="Supplier"
        items={[
          ["Paid with", order.upstreamMode === "payment_link" ? "Supplier checkout (payment link)" : "Shop credits"],
          [
            "Supplier order",
            order.upstreamOrderId ? (
              <span key="u" className="font-mono text-xs">
                {order.upstreamOrderId}
              </span>
            ) : (
              "Not placed yet"
            ),
          ],
          ["Sent through", order.upstreamConnection ? describeConnection(order.upstreamConnection) : null],
          ["Supplier status", order.upstreamStatus],
          [
            "Cost",
            order.costAmount !== null && order.costCurrency ? formatMoney(order.costAmount, order.costCurrency) : null,
          ],
          [
            "Idempotency key",
            <span key="k" className="font-mono text-xs">
              {order.idempotencyKey}
            </span>,
          ],
          [
            "Placement",
            placement
              ? `${plain(asObject(placement).state)}${asObject(placement).parked ? ` · parked: ${plain(asObject(placement).parked)}` : ""}`
              : null,
          ],
        ]}
      />
      <Facts title="Request" items={Object.entries(request).map(([key, value]) => [key, plain(value)])} />
      <Facts
        title="Fulfillment"
        items={
          view.fulfillmentSummary ??
          Object.entries(fulfillment).map(([key, value]) => [
            key,
            <span key={key} className="whitespace-pre-wrap">
              {plain(value)}
            </span>,
          ])
        }
      />
    </div>
  );
}

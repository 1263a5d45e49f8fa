import Link from "next/link";
import { Table, Td, Th } from "@/components/ui/table";
import { LocalTime } from "@/components/ui/local-time";
import type { OrderStatus, ProductType } from "@/lib/db/generated/sqlite/enums";
import { formatMoney } from "@/lib/money";
import { productName } from "@/lib/products/product-name";
import { OrderStatusBadge } from "./status-badge";

export type OrderRow = {
  id: string;
  ref: string;
  productType: ProductType;
  status: OrderStatus;
  upstreamStatus: string | null;
  customerEmail: string;
  retailAmount: number;
  currency: string;
  createdAt: Date;
};

export function OrdersTable({ rows, caption, empty }: { rows: OrderRow[]; caption: string; empty: string }) {
  if (rows.length === 0)
    return <p className="rounded-xl border border-dashed border-border p-8 text-center text-sm text-muted">{empty}</p>;
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <Th>Reference</Th>
          {/* On a phone: reference (with product and customer under it), status and total fit the screen. */}
          <Th className="hidden sm:table-cell">Created</Th>
          <Th className="hidden sm:table-cell">Product</Th>
          <Th>Status</Th>
          <Th className="hidden sm:table-cell">Customer</Th>
          <Th className="text-right">Total</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((order) => (
          <tr key={order.id}>
            <Td>
              <Link
                href={`/admin/orders/${order.ref}`}
                className="font-mono text-xs font-medium text-brand underline-offset-4 hover:underline"
              >
                {order.ref}
              </Link>
              <span className="mt-1 block text-xs break-all text-muted sm:hidden">
                {productName(order.productType)} · {order.customerEmail}
              </span>
            </Td>
            <Td className="hidden whitespace-nowrap sm:table-cell">
              <LocalTime iso={order.createdAt.toISOString()} />
            </Td>
            <Td className="hidden sm:table-cell">{productName(order.productType)}</Td>
            <Td>
              <OrderStatusBadge status={order.status} />
              {order.upstreamStatus ? (
                <span className="ml-2 text-xs text-muted">supplier: {order.upstreamStatus}</span>
              ) : null}
            </Td>
            <Td className="hidden break-all sm:table-cell">{order.customerEmail}</Td>
            <Td className="text-right whitespace-nowrap tabular-nums">
              {formatMoney(order.retailAmount, order.currency)}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

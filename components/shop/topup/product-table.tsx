import { ListLink } from "@/components/shop/list-link";
import { Table, Td, Th } from "@/components/ui/table";
import { formatMoney } from "@/lib/money";
import { recipientGets } from "./rate-card";
import type { ProductRow } from "@/lib/products/topup/types";

const TYPE_LABELS: Record<string, string> = { airtime: "Airtime", data: "Data", bundle: "Bundle" };

/** A country's top-ups from the catalog search, each a link into its operator's journey. */
export function ProductTable({ rows, caption }: { rows: ProductRow[]; caption: string }) {
  return (
    <Table data-testid="product-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <Th>Top-up</Th>
          <Th className="hidden sm:table-cell">Type</Th>
          <Th>Recipient gets</Th>
          <Th className="text-right">Price</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ choice, href }) => (
          <tr key={choice.token} className="hover:bg-surface-muted">
            <Td>
              <ListLink href={href} className="font-medium text-brand underline-offset-4 hover:underline">
                {choice.productName}
              </ListLink>
            </Td>
            <Td className="hidden text-muted sm:table-cell">{TYPE_LABELS[choice.serviceType] ?? choice.serviceType}</Td>
            <Td className="tabular-nums">{recipientGets(choice) ?? "—"}</Td>
            <Td className="text-right font-semibold tabular-nums">{formatMoney(choice.totalMinor, choice.currency)}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

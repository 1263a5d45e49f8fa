import { useTranslations } from "next-intl";
import { ListLink } from "@/components/shop/list-link";
import { Table, Td, Th } from "@/components/ui/table";
import { moneyText } from "@/lib/i18n/formats";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { isServiceType } from "@/lib/products/topup/service-labels";
import { recipientGets } from "./rate-card";
import type { ProductRow } from "@/lib/products/topup/types";

/** A country's top-ups from the catalog search, each a link into its operator's journey. */
export function ProductTable({ rows, caption, locale }: { rows: ProductRow[]; caption: string; locale: Locale }) {
  const t = useTranslations("Topup");
  return (
    <Table data-testid="product-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <Th>{t("topup")}</Th>
          <Th className="hidden sm:table-cell">{t("type")}</Th>
          <Th>{t("recipientGetsLabel")}</Th>
          <Th className="text-right">{t("price")}</Th>
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
            <Td className="hidden text-muted sm:table-cell">
              {isServiceType(choice.serviceType) ? t(`productType.${choice.serviceType}`) : choice.serviceType}
            </Td>
            <Td className="tabular-nums">{recipientGets(choice, locale) ?? "—"}</Td>
            <Td className="text-right font-semibold tabular-nums">
              {moneyText(choice.totalMinor, choice.currency, locale)}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

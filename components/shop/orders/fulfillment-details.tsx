import { useTranslations } from "next-intl";
import type { FulfillmentLine } from "@/lib/orders/buyer-view";

/** Delivery details (top-up delivery status, codes, links), each a labelled row. */
export function FulfillmentDetails({ lines }: { lines: FulfillmentLine[] }) {
  return (
    <dl className="flex flex-col gap-3 text-sm">
      {lines.map((line) => (
        <FulfillmentRow key={line.label} line={line} />
      ))}
    </dl>
  );
}

function FulfillmentRow({ line }: { line: FulfillmentLine }) {
  const t = useTranslations("OrderDelivery");
  // Long values (codes, instructions) go under their label on phones.
  const stacked = line.kind === "code" || line.kind === "text";
  return (
    <div
      className={
        stacked ? "flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4" : "flex justify-between gap-4"
      }
    >
      <dt className="text-muted">{line.label}</dt>
      <dd className={stacked ? "min-w-0 font-medium break-all sm:text-right" : "min-w-0 text-right font-medium"}>
        {line.kind === "link" ? (
          <a
            href={line.value}
            rel="noopener noreferrer"
            target="_blank"
            className="text-brand underline underline-offset-4"
          >
            {t("open")}
            <span className="sr-only"> {t("opensInNewTab", { label: line.label })}</span>
          </a>
        ) : line.kind === "code" ? (
          <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono">{line.value}</code>
        ) : line.kind === "text" ? (
          <span className="block text-left font-normal break-normal whitespace-pre-line">{line.value}</span>
        ) : (
          line.value
        )}
      </dd>
    </div>
  );
}

/** Plain label/value rows for "What you bought". */
export function DetailRows({ rows }: { rows: Array<{ label: string; value: string }> }) {
  return (
    <dl className="flex flex-col gap-2 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="flex justify-between gap-4">
          <dt className="text-muted">{row.label}</dt>
          <dd className="text-right font-medium">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { PRODUCT_LABELS, PRODUCT_NAMES } from "@/lib/upstream/check/product-names";
import type { GoLiveReport } from "@/lib/upstream/check/run";

type SwitchResult = { ok: boolean; message: string };

/**
 * "Check connection": runs the go-live check on the server (lib/upstream/check/) and shows each
 * call's result and the products it would stop, with a one-click "Switch off …" for each
 * product that would fail and is still on sale.
 */
export function GoLiveCheck({
  check,
  switchProduct,
  onSale,
}: {
  check: () => Promise<GoLiveReport>;
  switchProduct: (product: ProductType, on: boolean) => Promise<SwitchResult>;
  /** The products on sale now (the page's state when it was rendered). */
  onSale: ProductType[];
}) {
  const [report, setReport] = useState<GoLiveReport | null>(null);
  const [switched, setSwitched] = useState<Partial<Record<ProductType, string>>>({});
  const [pending, startTransition] = useTransition();

  const run = () =>
    startTransition(async () => {
      setSwitched({});
      setReport(await check());
    });
  const switchOff = (product: ProductType) =>
    startTransition(async () => {
      const result = await switchProduct(product, false);
      setSwitched((current) => ({ ...current, [product]: result.message }));
    });

  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button disabled={pending} onClick={run}>
          {pending && !report ? "Checking…" : "Check connection"}
        </Button>
      </div>
      <div aria-live="polite" data-testid="go-live-result" className="flex flex-col gap-3">
        {report ? (
          <>
            <p
              role={report.ok ? "status" : "alert"}
              className={report.ok ? "text-sm font-medium text-ok" : "text-sm font-medium text-danger"}
            >
              {report.ok
                ? "All products ok: every call the shop depends on answered as expected."
                : `Would fail: ${report.failingProducts.map((p) => PRODUCT_LABELS[p]).join(", ")}.`}
            </p>
            {report.failingProducts.length ? (
              <ul className="flex flex-wrap gap-2">
                {report.failingProducts.map((product) =>
                  switched[product] ? (
                    <li key={product} role="status" className="text-sm">
                      {switched[product]}
                    </li>
                  ) : onSale.includes(product) ? (
                    <li key={product}>
                      <Button variant="danger" size="sm" disabled={pending} onClick={() => switchOff(product)}>
                        Switch off {PRODUCT_LABELS[product]}
                      </Button>
                    </li>
                  ) : (
                    <li key={product} className="text-sm text-muted">
                      {PRODUCT_NAMES[product]} are already off sale.
                    </li>
                  ),
                )}
              </ul>
            ) : null}
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Go-live check: each call and its result</caption>
                <thead>
                  <tr>
                    <th scope="col" className="py-1 pr-4 font-medium">
                      Endpoint
                    </th>
                    <th scope="col" className="py-1 pr-4 font-medium">
                      Result
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Would stop
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.rows.map((row) => (
                    <tr key={row.id} className="border-t border-border" data-failed={row.failed || undefined}>
                      <th scope="row" className="py-1 pr-4 font-mono text-xs font-normal">
                        {row.endpoint}
                      </th>
                      <td
                        className={
                          row.failed
                            ? "py-1 pr-4 font-medium text-danger"
                            : row.text === "ok"
                              ? "py-1 pr-4 text-ok"
                              : "py-1 pr-4 text-muted"
                        }
                      >
                        {row.text}
                      </td>
                      <td className="py-1">
                        {row.products.map((p) => PRODUCT_LABELS[p]).join(", ") || "nothing (order events are polled)"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}

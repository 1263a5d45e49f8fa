import { PRODUCT_LABELS } from "./product-names";
import type { GoLiveReport } from "./run";

// The go-live check's report as the console table `npm run upstream:check` prints.

export function formatReport(report: GoLiveReport): string {
  const header = ["endpoint", "result", "would stop"];
  const lines = report.rows.map((row) => [
    row.endpoint,
    row.text,
    row.products.map((p) => PRODUCT_LABELS[p]).join(", ") || "nothing (order events are polled)",
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const render = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join("  ")
      .trimEnd();
  const summary = report.ok
    ? "All products ok: every call the shop depends on answered as the client expects."
    : `Would fail: ${report.failingProducts.map((p) => PRODUCT_LABELS[p]).join(", ")}. Switch them off in Admin → Upstream connection until the calls above are fixed.`;
  return [render(header), render(widths.map((w) => "-".repeat(w))), ...lines.map(render), "", summary].join("\n");
}

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** No accessibility violations on the page as it is now (DESIGN.md: axe finds nothing in e2e). */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${label}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

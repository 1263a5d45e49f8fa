import { expect, type Page } from "@playwright/test";
import type { E2eServer } from "../../playwright.config";

// No supplier hostname anywhere a buyer can see: not in a link, an image, a script
// or the text. The page's whole HTML is scanned (attributes and the data Next.js sends along),
// plus every address the browser was sent to while the page loaded.

export async function expectNoSupplierHost(page: Page, server: E2eServer, what: string): Promise<void> {
  const host = new URL(server.emulatorUrl).host;
  const html = await page.content();
  expect(html.includes(host), `${what}: the page names the supplier's host ${host}`).toBe(false);
  const resources = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
  expect(
    resources.filter((url) => url.includes(host)),
    `${what}: the browser fetched from the supplier's host`,
  ).toEqual([]);
}

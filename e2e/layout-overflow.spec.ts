import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, appDbFor, seedOrder, signInStaff } from "./helpers/admin";
import type { E2eServer } from "../playwright.config";
import { overflowOf } from "./helpers/layout";
import { expectNoSupplierHost } from "./helpers/supplier-host";
import { serverOf, uniqueEmail } from "./helpers/server";

// Every buyer page and every admin page at 390 px (a phone) has no horizontal
// overflow: measured (the document is no wider than the viewport), not eyeballed. A wide table
// may scroll inside its own box, never the page. Admin pages are enumerated from app/admin, so
// pages added later are measured too.

const PHONE = { width: 390, height: 844 };

const BUYER_PAGES = [
  "/",
  "/topup",
  "/topup/gb",
  "/esim",
  "/esim/eu",
  "/esim/eu/eu-3gb-15d",
  "/giftcards",
  "/giftcards/gb",
  "/giftcards/gb/steam",
  "/unlock",
  "/unlock/1",
  "/unlock/1/1015",
  "/unlock/1/1015/826/234030",
  "/unlock/1/1015/826/234030/1",
  "/imei-check",
  "/faq",
  "/refunds",
  "/contact",
  "/terms",
  "/privacy",
  "/account/sign-in",
  "/account/sign-up",
  "/account/forgot-password",
  "/no-such-page",
];

async function expectFits(page: Page, path: string, server?: E2eServer): Promise<void> {
  const response = await page.goto(path);
  // The not-found pages (the buyer's, and the staff's catch-all) must fit too: a 404 is their answer.
  expect(response?.status(), path).toBeLessThan(path.endsWith("/no-such-page") ? 500 : 400);
  // Server-rendered: the layout is there at "load" (an order page keeps polling, so never "networkidle").
  await page.waitForLoadState("load");
  const { excess, culprit } = await overflowOf(page);
  expect(excess, `${path} is ${excess} px wider than a 390 px phone; first element sticking out: ${culprit}`).toBe(0);
  if (server) await expectNoSupplierHost(page, server, path);
}

function adminPages(ids: Record<string, string>): string[] {
  const files = readdirSync("app/admin", { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /^page\.tsx?$/.test(e.name))
    .map((e) => relative(process.cwd(), join(e.parentPath, e.name)));
  return files
    .filter((file) => !file.includes("(auth)"))
    .map((file) => {
      const segments = file
        .replace(/^app\//, "")
        .replace(/\/page\.tsx?$/, "")
        .split("/")
        .filter((s) => !/^\(.*\)$/.test(s))
        .map((s) => {
          // A catch-all ([...unknown]) is the staff 404: reached by an address no page has.
          if (/^\[\.\.\.[^\]]+\]$/.test(s)) return "no-such-page";
          const dynamic = /^\[([^\]]+)\]$/.exec(s);
          return dynamic ? encodeURIComponent(ids[dynamic[1]!] ?? "missing") : s;
        });
      return `/${segments.join("/")}`;
    })
    .sort();
}

test.use({ viewport: PHONE });

test("every buyer page fits a 390 px phone, light and dark", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const server = serverOf(testInfo);
  const db = appDbFor(server.dataDir);
  const orders: string[] = [];
  try {
    for (const [productType, detail] of [
      ["topup", { priceToken: "tp_e2e_layout", phone: "+447400123456" }],
      ["imeicheck", { imei: "490154203237518" }],
    ] as const) {
      orders.push((await seedOrder(db, { productType, email: uniqueEmail("layout"), detail })).ref);
    }
  } finally {
    await db.$disconnect();
  }
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of [...BUYER_PAGES, ...orders.map((ref) => `/orders/${ref}`)]) await expectFits(page, path, server);
  }
});

test("every admin page fits a 390 px phone", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const server = serverOf(testInfo);
  const db = appDbFor(server.dataDir);
  let ids: Record<string, string>;
  try {
    const order = await seedOrder(db, {
      productType: "topup",
      email: uniqueEmail("layout-admin"),
      detail: { priceToken: "tp_e2e_layout", phone: "+447400123456" },
    });
    const admin = await db.user.findUniqueOrThrow({ where: { email: ADMIN.email } });
    const customer = await db.user.create({ data: { email: uniqueEmail("layout-customer"), role: "customer" } });
    ids = { ref: order.ref, id: customer.id, userId: admin.id, orderId: order.id };
  } finally {
    await db.$disconnect();
  }
  await signInStaff(page, ADMIN.email, ADMIN.password);
  const pages = adminPages(ids);
  expect(pages).toEqual(expect.arrayContaining(["/admin", "/admin/orders", "/admin/mail", "/admin/no-such-page"]));
  for (const path of pages) await expectFits(page, path);
});

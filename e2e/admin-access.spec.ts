import { readdirSync, readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { join, relative } from "node:path";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { signUp } from "./helpers/accounts";
import { ADMIN, appDbFor, seedOrder } from "./helpers/admin";
import { serverOf, uniqueEmail } from "./helpers/server";

// A signed-in customer and an anonymous visitor get a redirect (to the staff
// sign-in) or a 403 from EVERY /admin page, EVERY admin server action and EVERY admin route —
// and nothing in the database changes. Everything is listed programmatically, so sections
// added later (pages, routes, actions) are covered without editing this file:
//   pages    app/admin/**/page.tsx       (dynamic segments filled with real ids)
//   routes   app/admin/**/route.ts, app/api/admin/**/route.ts   (every exported method)
//   actions  the build's server-reference-manifest.json: every action whose module lives
//            under app/admin, components/admin or lib/admin, POSTed with its Next-Action id.

/** The staff 404 for addresses no staff page matches: the same empty answer for everyone. */
const UNKNOWN_ADMIN_PAGE = "app/admin/[...unknown]/page.tsx";

/**
 * Public by design: the staff 404, the staff sign-in page (it must be reachable to sign in at all), and the page
 * and action with which a staff member sets a password from an invitation or reset link (they
 * cannot sign in yet). Without a valid link those answer "not valid" and change nothing, which
 * this test checks too (the database snapshot).
 */
const PUBLIC_ADMIN_PAGES = new Set([
  "app/admin/(auth)/sign-in/page.tsx",
  "app/admin/(auth)/set-password/[token]/page.tsx",
  UNKNOWN_ADMIN_PAGE,
]);
const PUBLIC_ADMIN_ACTIONS = new Set(["setPasswordAction"]);
const ADMIN_MODULE = /^(app\/admin|components\/admin|lib\/admin)\//;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Files named `name` under `dir`, as repo-relative paths (Node 20 has no fs.globSync). */
function filesNamed(dir: string, name: RegExp): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isFile() && name.test(e.name))
    .map((e) => relative(process.cwd(), join(e.parentPath, e.name)));
}

/** "app/admin/(dashboard)/orders/[ref]/page.tsx" → "/admin/orders/<ref>" */
function urlFor(file: string, ids: Record<string, string>): string {
  const segments = file
    .replace(/^app\//, "")
    .replace(/\/(page|route)\.tsx?$/, "")
    .replace(/\/page$/, "")
    .split("/")
    .filter((s) => !/^\(.*\)$/.test(s) && !s.startsWith("@"))
    .map((s) => {
      const dynamic = /^\[{1,2}(?:\.\.\.)?([^\]]+)\]{1,2}$/.exec(s);
      return dynamic ? encodeURIComponent(ids[dynamic[1]!] ?? "e2e-missing-id") : s;
    });
  return `/${segments.join("/")}`;
}

function routeMethods(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return METHODS.filter((m) => new RegExp(`export\\s+(async\\s+)?(function|const)\\s+${m}\\b`).test(source));
}

type Action = { id: string; filename: string; exportedName: string; page: string };

function adminActions(): Action[] {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { workers: Record<string, unknown>; filename?: string; exportedName?: string }>;
  };
  return Object.entries(manifest.node)
    .filter(([, entry]) => entry.filename && ADMIN_MODULE.test(entry.filename))
    .map(([id, entry]) => ({
      id,
      filename: entry.filename!,
      exportedName: entry.exportedName ?? "?",
      page: Object.keys(entry.workers)[0]!,
    }));
}

/** Everything a staff action could change, read straight from the e2e database. */
function snapshot(dataDir: string): string {
  const db = new Database(join(dataDir, "shop.db"), { readonly: true, fileMustExist: true });
  try {
    // Tables the app changes by itself in the background (the worker, caches, budgets,
    // webhooks from the emulator) are compared only for what staff would change in them.
    const volatile = new Set([
      "Order",
      "OrderEvent",
      "Payment",
      "WebhookReceipt",
      "CatalogCacheEntry",
      "UpstreamBudgetWindow",
      "RateLimit",
      "MailOutbox",
      "_prisma_migrations",
      "_migrations",
    ]);
    const tables = (
      db
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
        .all() as Array<{ name: string }>
    ).map((t) => t.name);
    const out: Record<string, unknown> = {};
    for (const table of tables) {
      if (volatile.has(table)) continue;
      out[table] = db.prepare(`SELECT * FROM "${table}" ORDER BY 1`).all();
    }
    // The worker delivers queued mail (its status and attempts change); staff would add mail.
    out.mails = db.prepare(`SELECT id, kind, "to", orderId FROM "MailOutbox" ORDER BY id`).all();
    out.staffEvents = db.prepare(`SELECT * FROM "OrderEvent" WHERE source = 'staff' ORDER BY id`).all();
    out.orderStatuses = db
      .prepare(`SELECT id, status FROM "Order" WHERE status IN ('refunded','needs_attention','cancelled') ORDER BY id`)
      .all();
    out.counterPayments = db
      .prepare(`SELECT * FROM "Payment" WHERE provider = 'counter' OR actor IS NOT NULL ORDER BY id`)
      .all();
    return JSON.stringify(out);
  } finally {
    db.close();
  }
}

/**
 * A server action's arguments as React's client encodes a form submission (read off a real
 * browser request): the form's fields as "_1_<name>", then part "0", the argument list, where
 * "$K1" stands for that form. The order matters: the server decodes "0" as soon as it arrives,
 * with the fields seen so far. With `previousState` the arguments are (state, form), as an
 * action behind useActionState receives them.
 */
function actionForm(fields: Record<string, string>, previousState?: object): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(`_1_${name}`, value);
  form.append("0", JSON.stringify(previousState === undefined ? ["$K1"] : [previousState, "$K1"]));
  return form;
}

type Who = "visitor" | "customer";

/** How each caller was refused, for the report ("visitor 303", "customer 403" …). */
const seen = new Map<string, number>();

function expectRefused(who: Who, what: string, response: APIResponse): void {
  const status = response.status();
  const key = `${who} ${status}${response.headers()["x-action-redirect"] ? " (action redirect)" : ""}`;
  seen.set(key, (seen.get(key) ?? 0) + 1);
  const location = response.headers()["location"] ?? response.headers()["x-action-redirect"] ?? "";
  const redirectedToSignIn =
    status >= 300 && status < 400
      ? /\/admin\/sign-in/.test(location)
      : /\/admin\/sign-in/.test(response.headers()["x-action-redirect"] ?? "");
  if (who === "visitor")
    expect(redirectedToSignIn || status === 403, `${who}: ${what} answered ${status} ${location}`).toBe(true);
  else expect(status === 403 || redirectedToSignIn, `${who}: ${what} answered ${status} ${location}`).toBe(true);
  expect(status, `${who}: ${what}`).not.toBe(500);
}

test("every admin page, route and server action refuses visitors and customers, and changes nothing", async ({
  browser,
  playwright,
}, testInfo) => {
  test.setTimeout(240_000);
  const server = serverOf(testInfo);

  // Real ids for dynamic segments: an order and a customer account.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  const customerEmail = uniqueEmail("access-customer");
  await signUp(customerPage, customerEmail);
  const db = appDbFor(server.dataDir);
  const order = await seedOrder(db, {
    productType: "topup",
    email: customerEmail,
    detail: { priceToken: "tp_e2e_access", phone: "+447400123456" },
  });
  const customer = await db.user.findUniqueOrThrow({ where: { email: customerEmail.toLowerCase() } });
  const admin = await db.user.findUniqueOrThrow({ where: { email: ADMIN.email } });
  await db.$disconnect();
  const ids: Record<string, string> = { ref: order.ref, id: customer.id, orderId: order.id, userId: admin.id };

  const pages = filesNamed("app/admin", /^page\.tsx?$/)
    .filter((f) => !PUBLIC_ADMIN_PAGES.has(f))
    .sort();
  const routes = [...filesNamed("app/admin", /^route\.ts$/), ...filesNamed("app/api/admin", /^route\.ts$/)].sort();
  const allActions = adminActions();
  const actions = allActions.filter((a) => !PUBLIC_ADMIN_ACTIONS.has(a.exportedName));
  const publicActions = allActions.filter((a) => PUBLIC_ADMIN_ACTIONS.has(a.exportedName));
  expect(publicActions.map((a) => a.exportedName)).toEqual([...PUBLIC_ADMIN_ACTIONS]);
  // The enumeration itself must find this part's pages, route and actions.
  expect(pages).toEqual(
    expect.arrayContaining([
      "app/admin/(dashboard)/page.tsx",
      "app/admin/(dashboard)/orders/page.tsx",
      "app/admin/(dashboard)/orders/[ref]/page.tsx",
      "app/admin/(dashboard)/staff/page.tsx",
    ]),
  );
  expect(routes).toContain("app/admin/(dashboard)/orders/export/route.ts");
  expect(actions.map((a) => a.exportedName)).toEqual(
    expect.arrayContaining([
      "refreshOrderAction",
      "refundOrderAction",
      "unlockNowaitAction",
      "unlockCancelAction",
      "createStaffAction",
      "setStaffDisabledAction",
    ]),
  );

  const visitor = await playwright.request.newContext({ baseURL: server.baseURL, maxRedirects: 0 });
  const signedIn = await playwright.request.newContext({
    baseURL: server.baseURL,
    maxRedirects: 0,
    storageState: await customerContext.storageState(),
  });
  const clients: Array<[Who, APIRequestContext]> = [
    ["visitor", visitor],
    ["customer", signedIn],
  ];
  // The customer's session really is signed in (else the test would prove nothing).
  expect((await signedIn.get("/account")).status()).toBe(200);

  const before = snapshot(server.dataDir);
  let checked = 0;
  for (const [who, request] of clients) {
    for (const file of pages) {
      const url = urlFor(file, ids);
      expectRefused(who, `page ${url}`, await request.get(url));
      checked++;
    }
    for (const file of routes) {
      const url = `${urlFor(file, ids)}?orderId=${ids.orderId}`;
      for (const method of routeMethods(file)) {
        expectRefused(
          who,
          `${method} ${url}`,
          await request.fetch(url, { method, data: method === "GET" ? undefined : { orderId: ids.orderId } }),
        );
        checked++;
      }
    }
    for (const action of actions) {
      const url = urlFor(`${action.page}.tsx`, ids);
      // Three bodies per action: no arguments, and a form that names real records (as the
      // dashboard's own forms would send), alone and after a previous state (useActionState),
      // so a missing role check would act on them.
      const fields = {
        orderId: order.id,
        userId: admin.id,
        role: "staff",
        disabled: "true",
        email: uniqueEmail("intruder"),
        password: "intruder password 1",
        reason: "intrusion test",
      };
      const bodies = [
        { headers: { "Content-Type": "text/plain;charset=UTF-8" }, data: "[]" },
        { multipart: actionForm(fields) },
        { multipart: actionForm(fields, {}) },
      ];
      for (const body of bodies) {
        const response = await request.post(url, {
          ...body,
          headers: { ...("headers" in body ? body.headers : {}), "Next-Action": action.id, Accept: "text/x-component" },
        } as never);
        expectRefused(who, `action ${action.exportedName} (${action.filename}) via ${url}`, response);
        checked++;
      }
    }
  }
  // An address no staff page matches: a 404 that shows nothing, for both.
  for (const [who, request] of clients) {
    const response = await request.get("/admin/no-such-page/e2e");
    expect(response.status(), `${who}: unknown staff address`).toBe(404);
    expect(await response.text(), `${who}: unknown staff address`).toContain("We could not find that page");
    checked++;
  }
  // The public set-password page and action, with links the shop never issued.
  for (const [who, request] of clients) {
    for (const token of ["e2e-missing-id", "A".repeat(43)]) {
      const page = await request.get(`/admin/set-password/${token}`);
      expect(page.status(), `${who}: set-password page`).toBe(200);
      expect(await page.text()).toContain("This link is not valid");
      for (const action of publicActions) {
        // The answer names the link, not the password: proof that the fields were decoded.
        const multipart = actionForm({ token, password: "intruder password 1", confirm: "intruder password 1" }, {});
        const response = await request.post(`/admin/set-password/${token}`, {
          multipart,
          headers: { "Next-Action": action.id, Accept: "text/x-component" },
        });
        expect(response.status(), `${who}: ${action.exportedName}`).toBe(200);
        expect(await response.text(), `${who}: ${action.exportedName}`).toContain("This link is not valid");
        checked++;
      }
    }
  }
  expect(snapshot(server.dataDir)).toBe(before);
  const summary = `${checked} requests: ${pages.length} pages, ${routes.length} routes, ${actions.length} actions, ×2 callers; answers: ${[...seen].map(([k, n]) => `${k} ×${n}`).join(", ")}`;
  testInfo.annotations.push({ type: "checked", description: summary });
  console.log(summary);

  await Promise.all([visitor.dispose(), signedIn.dispose(), customerContext.close()]);
});

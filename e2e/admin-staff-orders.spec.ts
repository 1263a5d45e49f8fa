import { expect, test } from "@playwright/test";
import { expectNoAxeViolationsLightAndDark } from "./helpers/axe";
import { expectMails } from "./helpers/mail";
import { EmulatorControls } from "./helpers/emulator";
import { buyTopupUntilFulfilled, refFromUrl } from "./helpers/topup";
import { ADMIN, appDbFor, seedOrder, seedPaidOrder, signInStaff, UNLOCK } from "./helpers/admin";
import { serverOf, uniqueEmail } from "./helpers/server";

// An admin signs in and creates a staff account; the staff
// member signs in, finds an unlock order by IMEI, forces it with nowait (confirmed) and sees it
// available, and the action is in the audit log; an unlock is cancelled inside its window; a CSV export of a filtered list holds exactly the filtered orders; the last
// admin cannot lock the shop out; a disabled account is signed out; axe is clean, light and dark.

function parseCsv(text: string): string[][] {
  // Enough for the export's own quoting (RFC 4180).
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n") {
      row.push(cell.replace(/\r$/, ""));
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

test("admin creates staff; staff finds an unlock order by IMEI, forces it with nowait, sees it available, and it is audited", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const server = serverOf(testInfo);
  const db = appDbFor(server.dataDir);
  const buyer = uniqueEmail("unlock-buyer");
  const unlockOrder = await seedPaidOrder(db, {
    productType: "unlock",
    email: buyer,
    detail: {
      deviceId: UNLOCK.deviceId,
      networkId: UNLOCK.networkId,
      imei: UNLOCK.imeiAvailableLater,
      toolId: UNLOCK.toolDays,
      guaranteedTimeType: "days",
    },
  });
  // The app's worker places it with the emulator.
  await expect
    .poll(async () => (await db.order.findUniqueOrThrow({ where: { id: unlockOrder.id } })).status, { timeout: 30_000 })
    .toBe("placed");

  const adminContext = await browser.newContext();
  const staffContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await admin.goto("/admin/sign-in");
    await expectNoAxeViolationsLightAndDark(admin, "staff sign-in");
    await signInStaff(admin, ADMIN.email, ADMIN.password);
    await expect(admin.getByRole("heading", { name: "Dashboard", exact: true })).toBeVisible();
    await expect(admin.getByText("Today's sales")).toBeVisible();
    // The live commerce balance and both upstreams' health (the emulator here).
    await expect(admin.getByText("Commerce API, read just now")).toBeVisible();
    await expect(admin.getByText(/^ok$/)).toBeVisible();
    await expectNoAxeViolationsLightAndDark(admin, "dashboard");

    // Admin creates a staff account.
    await admin.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Staff" }).click();
    await expect(admin.getByRole("heading", { name: "Staff", exact: true })).toBeVisible();
    const staffEmail = uniqueEmail("staff");
    const staffPassword = "staff password 123";
    await admin.getByLabel("Email").fill("not-an-email");
    await admin.getByRole("radio", { name: "Initial password that I hand over" }).check();
    await admin.getByLabel("Initial password", { exact: true }).fill("short");
    await admin.getByRole("button", { name: "Create staff account" }).click();
    await expect(admin.getByText("Enter a valid email address")).toBeVisible();
    await expect(admin.getByText("Use at least 10 characters.")).toBeVisible();
    await expect(admin.getByRole("radio", { name: "Initial password that I hand over" })).toBeChecked();
    await admin.getByLabel("Email").fill(staffEmail);
    await admin.getByLabel("Initial password", { exact: true }).fill(staffPassword);
    await admin.getByRole("button", { name: "Create staff account" }).click();
    await expect(admin.getByText(`Created ${staffEmail.toLowerCase()} (staff)`)).toBeVisible();
    await expect(admin.getByRole("cell", { name: staffEmail.toLowerCase(), exact: true })).toBeVisible();
    await expectNoAxeViolationsLightAndDark(admin, "staff");

    // The last admin cannot disable themselves. Other specs make throwaway admins in this
    // database; disable them first, so the bootstrap admin really is the last enabled one.
    await db.user.updateMany({
      where: { role: "admin", email: { not: ADMIN.email }, disabledAt: null },
      data: { disabledAt: new Date() },
    });
    await admin.getByRole("button", { name: `Disable ${ADMIN.email}` }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Disable" }).click();
    await expect(admin.getByText("This is the shop's last enabled admin")).toBeVisible();

    // The staff member signs in and finds the unlock order by its IMEI.
    const staff = await staffContext.newPage();
    await signInStaff(staff, staffEmail, staffPassword, "/admin/orders");
    await staff.getByLabel("Search").fill(UNLOCK.imeiAvailableLater);
    await staff.getByRole("button", { name: "Apply filters" }).click();
    // Exactly the orders with that IMEI in the database (other specs may use the same sandbox IMEI).
    const withImei = await db.$queryRawUnsafe<Array<{ ref: string }>>(
      `SELECT ref FROM "Order" WHERE instr(detail, ?) > 0`,
      UNLOCK.imeiAvailableLater,
    );
    const table = staff.getByRole("table", { name: "Orders matching the filters" });
    await expect(table.getByRole("row")).toHaveCount(withImei.length + 1);
    for (const { ref } of withImei) await expect(table.getByRole("link", { name: ref })).toBeVisible();
    await expectNoAxeViolationsLightAndDark(staff, "orders");
    await table.getByRole("link", { name: unlockOrder.ref }).click();
    await expect(staff.getByRole("heading", { name: `Order ${unlockOrder.ref}` })).toBeVisible();
    await expect(staff.getByRole("definition").filter({ hasText: UNLOCK.imeiAvailableLater })).toBeVisible();
    await expectNoAxeViolationsLightAndDark(staff, "order detail");

    // A confirmed action: cancel leaves everything as it was; confirm does it.
    await staff.getByRole("button", { name: "Refresh from supplier" }).click();
    const dialog = staff.getByRole("dialog", { name: "Refresh this order from the supplier?" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolationsLightAndDark(staff, "confirm dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await staff.getByRole("button", { name: "Refresh from supplier" }).click();
    await dialog.getByRole("button", { name: "Refresh now" }).click();
    await expect(staff.getByText(/Refreshed: the supplier says "(pending|open)"/)).toBeVisible();

    // force=nowait: the supplier finishes now; the order is available with its instructions.
    await staff.getByRole("button", { name: "Finish now (nowait)" }).click();
    await staff
      .getByRole("dialog", { name: "Ask the supplier to finish this unlock now?" })
      .getByRole("button", { name: "Finish now" })
      .click();
    await expect(
      staff.getByText("Asked the supplier to finish now: the order is fulfilled (supplier: available)."),
    ).toBeVisible();
    await expect(staff.getByRole("definition").filter({ hasText: "available" }).first()).toBeVisible();
    expect(await db.order.findUniqueOrThrow({ where: { id: unlockOrder.id } })).toMatchObject({
      status: "fulfilled",
      upstreamStatus: "available",
    });
    await expect(staff.getByRole("button", { name: "Finish now (nowait)" })).toBeDisabled();

    // The delivered instructions (they carry the code) stay hidden until revealed, audited.
    await staff.reload();
    const secrets = staff.getByTestId("order-secrets");
    await expect(secrets).toContainText("Holds: Unlock instructions.");
    await expect(staff.getByText(/Unlock instructions for/)).toHaveCount(0);
    await secrets.getByRole("button", { name: "Reveal codes" }).click();
    await expect(secrets.getByText(/Unlock instructions for/)).toBeVisible();
    expect(await db.auditLog.count({ where: { action: "order.reveal_secrets", targetId: unlockOrder.id } })).toBe(1);

    await staff.getByRole("button", { name: "Resend receipt" }).click();
    await staff
      .getByRole("dialog", { name: "Send the receipt again?" })
      .getByRole("button", { name: "Send receipt" })
      .click();
    await expect(staff.getByText(`Receipt sent to ${buyer.toLowerCase()}.`)).toBeVisible();
    // Sent at once over SMTP to the local inbox; the newest receipt row is the resent one.
    const mail = await db.mailOutbox.findFirstOrThrow({
      where: { orderId: unlockOrder.id, kind: "receipt" },
      orderBy: { createdAt: "desc" },
    });
    expect(mail).toMatchObject({ to: buyer.toLowerCase(), kind: "receipt", transport: "smtp", status: "sent" });
    expect(mail.body).toContain(unlockOrder.ref);
    await expectMails(server, buyer.toLowerCase(), [new RegExp(`^Your receipt for order ${unlockOrder.ref}$`)]);

    // The audit log names the staff member and the actions.
    await staff.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Audit log" }).click();
    const audit = staff.getByRole("table", { name: "Staff actions, newest first" });
    await expect(
      audit.getByRole("row").filter({ hasText: "order.refresh" }).filter({ hasText: staffEmail.toLowerCase() }),
    ).toHaveCount(1);
    await expect(
      audit.getByRole("row").filter({ hasText: "order.unlock_nowait" }).filter({ hasText: staffEmail.toLowerCase() }),
    ).toHaveCount(1);
    await expect(
      audit.getByRole("row").filter({ hasText: "order.resend_receipt" }).filter({ hasText: staffEmail.toLowerCase() }),
    ).toHaveCount(1);
    await expect(
      audit.getByRole("row").filter({ hasText: "staff.create" }).filter({ hasText: ADMIN.email }),
    ).not.toHaveCount(0);
    await expectNoAxeViolationsLightAndDark(staff, "audit log");

    await staff.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Customers" }).click();
    await expect(staff.getByRole("heading", { name: "Customers", exact: true })).toBeVisible();
    await expectNoAxeViolationsLightAndDark(staff, "customers");

    // Staff (not admin) cannot manage staff.
    expect((await staff.goto("/admin/staff"))?.status()).toBe(403);

    // Disabling the account signs it out on its next request.
    await admin.reload();
    await admin.getByRole("button", { name: `Disable ${staffEmail.toLowerCase()}` }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Disable" }).click();
    await expect(admin.getByText(`${staffEmail.toLowerCase()} is disabled and signed out.`)).toBeVisible();
    await staff.goto("/admin/orders");
    await expect(staff).toHaveURL(/\/admin\/sign-in\?next=/);
    await expect(staff.getByRole("heading", { name: "Staff sign in" })).toBeVisible();
  } finally {
    await Promise.all([adminContext.close(), staffContext.close()]);
    await db.$disconnect();
  }
});

test("the CSV export of a filtered list holds exactly the filtered orders", async ({ browser }, testInfo) => {
  const server = serverOf(testInfo);
  const db = appDbFor(server.dataDir);
  const email = uniqueEmail("csv-buyer");
  // Three top-ups and a gift card for one buyer, and a top-up for someone else.
  const topups = [];
  for (let i = 0; i < 3; i++)
    topups.push(
      await seedOrder(db, {
        productType: "topup",
        email,
        detail: { priceToken: `tp_csv_${i}`, phone: "+447400123456" },
      }),
    );
  await seedOrder(db, { productType: "giftcard", email, detail: { priceToken: "gc_csv" } });
  await seedOrder(db, {
    productType: "topup",
    email: uniqueEmail("csv-other"),
    detail: { priceToken: "tp_csv_other", phone: "+447400123456" },
  });
  // A customer email that a spreadsheet would run as a formula is exported as text.
  const formula = `+cmd-${Date.now()}@example.com`;
  const formulaOrder = await seedOrder(db, {
    productType: "topup",
    email: formula,
    detail: { priceToken: "tp_csv_formula", phone: "+447400123456" },
  });
  await db.$disconnect();

  const context = await browser.newContext({ acceptDownloads: true });
  try {
    const page = await context.newPage();
    await signInStaff(page, ADMIN.email, ADMIN.password, "/admin/orders");
    await page.getByLabel("Customer email").fill(email);
    await page.getByLabel("Product").selectOption("topup");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page.getByRole("table", { name: "Orders matching the filters" }).getByRole("row")).toHaveCount(4);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /Export CSV \(3\)/ }).click(),
    ]);
    const csv = parseCsv(
      await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8")),
    );
    expect(csv[0]).toEqual([
      "reference",
      "created_at",
      "product",
      "status",
      "upstream_status",
      "upstream_order_id",
      "customer_email",
      "amount",
      "currency",
      "paid_at",
      "fulfilled_at",
    ]);
    expect(
      csv
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(topups.map((o) => o.ref).sort());
    for (const row of csv.slice(1))
      expect(row).toEqual(expect.arrayContaining(["topup", email.toLowerCase(), "10.00", "EUR"]));

    const formulaCsv = await page.request.get(`/admin/orders/export?customer=${encodeURIComponent(formula)}`);
    expect(formulaCsv.status()).toBe(200);
    expect(formulaCsv.headers()["content-type"]).toContain("text/csv");
    const [, formulaRow] = parseCsv(await formulaCsv.text());
    expect(formulaRow?.[0]).toBe(formulaOrder.ref);
    expect(formulaRow?.[6]).toBe(`'${formula.toLowerCase()}`);

    const bad = await page.request.get("/admin/orders/export?status=bogus");
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "INVALID_FILTER" } });
  } finally {
    await context.close();
  }
});

test("staff cancel an unlock inside its window; the buyer is refunded and the cancel is audited", async ({
  browser,
}, testInfo) => {
  const server = serverOf(testInfo);
  const db = appDbFor(server.dataDir);
  const order = await seedPaidOrder(db, {
    productType: "unlock",
    email: uniqueEmail("unlock-cancel"),
    detail: {
      deviceId: UNLOCK.deviceId,
      networkId: UNLOCK.networkId,
      imei: UNLOCK.imeiAvailableLater,
      toolId: UNLOCK.toolDays,
      guaranteedTimeType: "days",
    },
  });
  await expect
    .poll(async () => (await db.order.findUniqueOrThrow({ where: { id: order.id } })).status, { timeout: 30_000 })
    .toBe("placed");
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInStaff(page, ADMIN.email, ADMIN.password, `/admin/orders/${order.ref}`);
    await page.getByRole("button", { name: "Cancel unlock" }).click();
    await page
      .getByRole("dialog", { name: "Cancel this unlock at the supplier?" })
      .getByRole("button", { name: "Cancel the unlock" })
      .click();
    await expect(page.getByText(/Cancelled at the supplier: the order is (cancelled|refunded)\./)).toBeVisible();
    await expect
      .poll(async () => (await db.order.findUniqueOrThrow({ where: { id: order.id } })).status)
      .toBe("refunded");
    expect(
      await db.auditLog.count({
        where: { action: "order.unlock_cancel", targetId: order.id, actorEmail: ADMIN.email },
      }),
    ).toBe(1);
    await expect(page.getByRole("button", { name: "Cancel unlock" })).toBeDisabled();
  } finally {
    await context.close();
    await db.$disconnect();
  }
});

test("a fulfilled top-up shows its verified webhook receipts; staff refund it with a reason, audited", async ({
  browser,
}, testInfo) => {
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const buyerContext = await browser.newContext();
  const staffContext = await browser.newContext();
  try {
    const buyer = await buyerContext.newPage();
    const email = uniqueEmail("topup-refund");
    await buyTopupUntilFulfilled(buyer, emulator, email);
    const ref = refFromUrl(buyer.url());

    const page = await staffContext.newPage();
    await signInStaff(page, ADMIN.email, ADMIN.password, `/admin/orders/${ref}`);
    await expect(page.getByRole("heading", { name: `Order ${ref}` })).toBeVisible();
    // The supplier's signed events about this order, verified and processed.
    const receipts = page.getByRole("table", { name: "Webhook deliveries about this order" });
    await expect(receipts.getByRole("row").filter({ hasText: "processed" }).first()).toBeVisible();
    await expect(receipts.getByText("verified").first()).toBeVisible();

    // Refund needs a reason; it is kept in the timeline and the audit log.
    await page.getByRole("button", { name: "Mark refunded" }).click();
    const dialog = page.getByRole("dialog", { name: "Refund the buyer?" });
    await dialog.getByLabel(/Reason/).fill("Customer complaint #42");
    await dialog.getByRole("button", { name: "Refund" }).click();
    await expect(page.getByText("Refunded: the order is marked refunded.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark refunded" })).toBeDisabled();
    await expect(
      page.getByRole("table", { name: "Every event of the order, oldest first" }).getByText(/Customer complaint #42/),
    ).toBeVisible();

    const db = appDbFor(server.dataDir);
    const order = await db.order.findUniqueOrThrow({ where: { ref }, include: { payments: true } });
    expect(order.status).toBe("refunded");
    expect(order.payments.filter((p) => p.status === "refunded")).toHaveLength(1);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "order.refund", targetId: order.id } });
    expect(audit).toMatchObject({
      actorEmail: ADMIN.email,
      before: { status: "fulfilled" },
      after: { status: "refunded", reason: "Customer complaint #42" },
    });
    await db.$disconnect();
  } finally {
    await Promise.all([buyerContext.close(), staffContext.close()]);
  }
});

import { expect, test } from "@playwright/test";
import { signUp } from "./helpers/accounts";
import { ShopDb } from "./helpers/db";
import { serverOf, uniqueEmail } from "./helpers/server";
import { chooseTopup, payOnReview } from "./helpers/topup";

// One customer cannot open another customer's order page or status
// route. An order placed while signed in belongs to that account: anyone else (another
// account, or a visitor with the link) gets the same 404 as for an order that does not exist.

test("a customer's order is not found for another customer, nor for a visitor with the link", async ({
  browser,
}, testInfo) => {
  const server = serverOf(testInfo);
  const alice = await browser.newContext();
  const bob = await browser.newContext();
  const visitor = await browser.newContext();
  try {
    const alicePage = await alice.newPage();
    const aliceEmail = uniqueEmail("alice");
    await signUp(alicePage, aliceEmail);
    await chooseTopup(alicePage);
    // Signed in: the email is the account's, prefilled.
    await expect(alicePage.getByLabel("Email")).toHaveValue(aliceEmail.toLowerCase());
    await payOnReview(alicePage, aliceEmail);

    const db = new ShopDb(server.dataDir);
    const [order] = db.ordersByEmail(aliceEmail);
    db.close();
    expect(order?.userId).toBeTruthy();
    const pagePath = `/orders/${order!.ref}`;
    const statusPath = `/api/orders/${order!.ref}/status`;

    // The owner sees it, and so does the status route.
    const own = await alicePage.goto(pagePath);
    expect(own?.status()).toBe(200);
    const ownStatus = await alicePage.request.get(statusPath);
    expect(ownStatus.status()).toBe(200);
    expect(await ownStatus.json()).toMatchObject({
      status: "awaiting_payment",
      label: "Awaiting payment",
      final: false,
    });
    expect(ownStatus.headers()["cache-control"]).toContain("no-store");

    // Another customer, signed in, holding the link.
    const bobPage = await bob.newPage();
    await signUp(bobPage, uniqueEmail("bob"));
    const foreign = await bobPage.goto(pagePath);
    expect(foreign?.status()).toBe(404);
    await expect(bobPage.getByRole("heading", { name: "We could not find that order" })).toBeVisible();
    await expect(bobPage.getByText(aliceEmail)).toHaveCount(0);
    const foreignStatus = await bobPage.request.get(statusPath);
    expect(foreignStatus.status()).toBe(404);
    expect(await foreignStatus.json()).toEqual({ error: { code: "ORDER_NOT_FOUND", message: expect.any(String) } });

    // A visitor with the link: same answer.
    const visitorPage = await visitor.newPage();
    expect((await visitorPage.goto(pagePath))?.status()).toBe(404);
    expect((await visitorPage.request.get(statusPath)).status()).toBe(404);
  } finally {
    await Promise.all([alice.close(), bob.close(), visitor.close()]);
  }
});

test("a guest order is visible to whoever holds its link", async ({ browser }, testInfo) => {
  const server = serverOf(testInfo);
  const buyer = await browser.newContext();
  const friend = await browser.newContext();
  try {
    const page = await buyer.newPage();
    const email = uniqueEmail("guest-link");
    await chooseTopup(page);
    await payOnReview(page, email);
    const db = new ShopDb(server.dataDir);
    const [order] = db.ordersByEmail(email);
    db.close();
    expect(order?.userId).toBeNull();
    const other = await friend.newPage();
    expect((await other.goto(`/orders/${order!.ref}`))?.status()).toBe(200);
    expect((await other.request.get(`/api/orders/${order!.ref}/status`)).status()).toBe(200);
  } finally {
    await Promise.all([buyer.close(), friend.close()]);
  }
});

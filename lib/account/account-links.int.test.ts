import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { openMailText } from "@/lib/mail/seal";
import { resetPasswordPath, verifyEmailPath } from "./account-mails";
import { claimGuestOrders } from "./guest-orders";
import { requestPasswordReset, resetLinkState, resetPassword } from "./password-reset";
import { changePassword, requestEmailChange } from "./settings";
import { confirmEmailChange, confirmSignUp, queueVerification } from "./verification";

// Customers' mailed links (docs/accounts.md): the address is confirmed by a link, and only then do
// the guest orders placed with it join the account; "forgot password" mails a link that works once,
// for an hour, and that a newer link replaces; a change of address takes effect from the new
// mailbox. Links are read from the mails themselves (sealed in the outbox until sent).

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.cleanup();
});

let seq = 0;
async function customer(email: string, password = "correct horse battery") {
  return t.db.user.create({ data: { email, role: "customer", passwordHash: await hashPassword(password) } });
}
async function guestOrder(email: string) {
  seq += 1;
  return t.db.order.create({
    data: {
      ref: `RACC${Date.now()}${seq}`,
      productType: "topup",
      idempotencyKey: `k_acc_${Date.now()}_${seq}`,
      customerEmail: email,
      currency: "EUR",
      retailAmount: 500,
      detail: {},
    },
  });
}
/** The token of the newest mail of `kind` to `to`, read from its (sealed) text as the buyer would click it. */
async function mailedToken(to: string, kind: string, path: (token: string) => string): Promise<string> {
  const mail = await t.db.mailOutbox.findFirstOrThrow({ where: { to, kind }, orderBy: { createdAt: "desc" } });
  expect(mail.sealed).toBe(true);
  const text = openMailText(mail, mail.body);
  const prefix = path("");
  const token = new RegExp(`${prefix.replace(/[/]/g, "\\/")}([A-Za-z0-9_-]{43})`).exec(text)?.[1];
  expect(token).toBeDefined();
  return token!;
}

describe("email verification", () => {
  it("guest orders with the address join the account after the mailed link is confirmed (with the password chosen there), not before; the link works once", async () => {
    const email = "verify-guest@example.com";
    const earlier = await guestOrder(email);
    const other = await guestOrder("someone-else@example.com");
    const user = await t.db.user.create({ data: { email, role: "customer" } });
    await t.db.$transaction((tx) => queueVerification(tx, user));

    // Not verified: a typed address alone brings nothing.
    expect(await claimGuestOrders(t.db, user)).toBe(0);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: earlier.id } })).userId).toBeNull();

    const token = await mailedToken(email, "account_verify_email", verifyEmailPath);
    expect(await confirmSignUp(t.db, token, "my chosen password")).toEqual({
      ok: true,
      email,
      changed: false,
      ordersJoined: 1,
    });
    const after = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword("my chosen password", after.passwordHash!)).toBe(true);
    expect(after.emailVerifiedAt).not.toBeNull();
    expect((await t.db.order.findUniqueOrThrow({ where: { id: earlier.id } })).userId).toBe(user.id);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: other.id } })).userId).toBeNull();

    expect(await confirmSignUp(t.db, token, "another password 2")).toMatchObject({ ok: false, code: "USED" });
    expect(await confirmSignUp(t.db, "not-a-token", "another password 2")).toMatchObject({
      ok: false,
      code: "INVALID",
    });
    expect(
      await verifyPassword(
        "my chosen password",
        (await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash!,
      ),
    ).toBe(true);
    // A later guest order with the confirmed address joins on the next visit.
    const later = await guestOrder(email);
    expect(await claimGuestOrders(t.db, after)).toBe(1);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: later.id } })).userId).toBe(user.id);
  });

  it("a change of address needs the password, is mailed to the new address, and takes effect there with the password again; the old address is told", async () => {
    const user = await customer("change-old@example.com");
    await t.db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    expect(await requestEmailChange(t.db, user.id, "wrong password!!", "change-new@example.com")).toMatchObject({
      ok: false,
      field: "currentPassword",
    });
    expect(await requestEmailChange(t.db, user.id, "correct horse battery", "Change-Old@Example.com")).toMatchObject({
      ok: false,
      field: "email",
      code: "SAME_EMAIL",
    });
    expect(await requestEmailChange(t.db, user.id, "correct horse battery", "change-new@example.com")).toEqual({
      ok: true,
    });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe("change-old@example.com");

    const token = await mailedToken("change-new@example.com", "account_change_email", verifyEmailPath);
    // A sign-up's form cannot use a change's link.
    expect(await confirmSignUp(t.db, token, "a new password 1")).toMatchObject({ ok: false, code: "INVALID" });
    expect(await confirmEmailChange(t.db, token, "correct horse battery")).toMatchObject({
      ok: true,
      email: "change-new@example.com",
      changed: true,
    });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe("change-new@example.com");
    const notice = await t.db.mailOutbox.findFirstOrThrow({
      where: { to: "change-old@example.com", kind: "account_email_changed" },
    });
    expect(notice.body).toContain("change-new@example.com");
  });

  it("a change to an address another account uses answers the same and mails nothing", async () => {
    const user = await customer("change-from@example.com");
    await customer("change-taken@example.com");
    expect(await requestEmailChange(t.db, user.id, "correct horse battery", "Change-Taken@example.com")).toEqual({
      ok: true,
    });
    expect(await t.db.mailOutbox.count({ where: { to: "change-taken@example.com" } })).toBe(0);
  });

  it("a newer confirmation link replaces the older one", async () => {
    const user = await t.db.user.create({ data: { email: "verify-twice@example.com", role: "customer" } });
    await t.db.$transaction((tx) => queueVerification(tx, user));
    const first = await mailedToken(user.email, "account_verify_email", verifyEmailPath);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.db.$transaction((tx) => queueVerification(tx, user));
    const second = await mailedToken(user.email, "account_verify_email", verifyEmailPath);
    expect(second).not.toBe(first);
    expect(await confirmSignUp(t.db, first, "a password of mine")).toMatchObject({ ok: false, code: "EXPIRED" });
    expect(await confirmSignUp(t.db, second, "a password of mine")).toMatchObject({ ok: true });
  });
});

describe("forgot password", () => {
  it("mails a one-time link to a customer; an older link, a used link and an expired link are refused with a clear message", async () => {
    const user = await customer("forgot@example.com", "the old password");
    await requestPasswordReset(t.db, user.email);
    const old = await mailedToken(user.email, "account_reset_password", resetPasswordPath);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await requestPasswordReset(t.db, user.email);
    const fresh = await mailedToken(user.email, "account_reset_password", resetPasswordPath);

    expect(await resetLinkState(t.db, old)).toMatchObject({
      ok: false,
      code: "EXPIRED",
      message: expect.stringContaining("expired, or a newer one was sent"),
    });
    expect(await resetLinkState(t.db, fresh)).toEqual({ ok: true, email: user.email });
    // An hour later the fresh link has expired too.
    expect(await resetLinkState(t.db, fresh, new Date(Date.now() + 61 * 60_000))).toMatchObject({
      ok: false,
      code: "EXPIRED",
    });

    expect(await resetPassword(t.db, fresh, "the new password")).toEqual({ ok: true, email: user.email });
    const after = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword("the new password", after.passwordHash!)).toBe(true);
    // Every session ends; the address is proven.
    expect(after.sessionVersion).toBe(user.sessionVersion + 1);
    expect(after.emailVerifiedAt).not.toBeNull();

    expect(await resetPassword(t.db, fresh, "another password")).toMatchObject({
      ok: false,
      code: "USED",
      message: expect.stringContaining("already been used"),
    });
    expect(await resetPassword(t.db, old, "another password")).toMatchObject({ ok: false, code: "EXPIRED" });
    expect(
      await verifyPassword(
        "the new password",
        (await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash!,
      ),
    ).toBe(true);
  });

  it("sends nothing for an unknown address or a staff account (an admin resets staff)", async () => {
    await t.db.user.create({
      data: { email: "forgot-staff@example.com", role: "staff", passwordHash: await hashPassword("staff password 1") },
    });
    await requestPasswordReset(t.db, "forgot-nobody@example.com");
    await requestPasswordReset(t.db, "forgot-staff@example.com");
    expect(
      await t.db.mailOutbox.count({ where: { to: { in: ["forgot-nobody@example.com", "forgot-staff@example.com"] } } }),
    ).toBe(0);
  });
});

describe("change password", () => {
  it("needs the current password and ends every other session", async () => {
    const user = await customer("change-pw@example.com", "first password 1");
    expect(await changePassword(t.db, user.id, "not it at all", "second password 2")).toMatchObject({
      ok: false,
      field: "currentPassword",
    });
    expect(await changePassword(t.db, user.id, "first password 1", "second password 2")).toEqual({ ok: true });
    const after = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword("second password 2", after.passwordHash!)).toBe(true);
    expect(after.sessionVersion).toBe(user.sessionVersion + 1);
  });
});

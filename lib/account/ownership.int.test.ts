import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import type { SessionClaimsOf } from "@/lib/auth/sessions";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { openMailText } from "@/lib/mail/seal";
import { findOrderStatus } from "@/lib/orders/access";
import { normalizeEmail } from "@/lib/validation/email";
import { stubAppEnv } from "@/testing/app-env";
import { verifyEmailPath } from "./account-mails";
import { requestPasswordReset } from "./password-reset";
import { requestEmailChange } from "./settings";
import { signUp } from "./sign-up";
import { confirmEmailChange, confirmSignUp } from "./verification";

// Who owns an account and its orders (docs/accounts.md): sign-up answers the same for every
// address and gives no session; an account holds nothing until its address is confirmed from
// the mailbox, and that confirmation ends every earlier session and sets the password, so an
// account made in someone else's name (pre-hijacking) ends up with nothing; a change of address
// is confirmed with the account's password; addresses compare without case; "Sign out" ends
// the session on the server.

let t: TestDatabase;
let accountOfSession: typeof import("@/lib/auth/sessions").accountOfSession;
let endSession: typeof import("@/lib/auth/sessions").endSession;
beforeAll(async () => {
  t = await createTestDatabase();
  // lib/auth/sessions.ts reaches the app's environment (through the audit log).
  stubAppEnv({ databaseUrl: t.url, emulatorUrl: "http://127.0.0.1:9" });
  ({ accountOfSession, endSession } = await import("@/lib/auth/sessions"));
}, 60_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await t?.cleanup();
});

const unique = (label: string) => `${label}-${randomBytes(4).toString("hex")}@example.com`;
/** A fresh visitor address per call: the per-visitor sign-up limit is not what these tests are about. */
const visitor = () => `198.51.100.${Math.floor(Math.random() * 250)}:${randomUUID()}`;
let seq = 0;
async function guestOrder(email: string) {
  seq += 1;
  return t.db.order.create({
    data: {
      ref: randomBytes(18).toString("base64url"),
      productType: "topup",
      idempotencyKey: `k_own_${Date.now()}_${seq}`,
      customerEmail: email,
      currency: "EUR",
      retailAmount: 500,
      detail: {},
      placedAsGuest: true,
    },
  });
}
async function mailsTo(to: string) {
  return t.db.mailOutbox.findMany({ where: { to }, orderBy: { createdAt: "asc" } });
}
async function newestToken(to: string): Promise<string> {
  const mail = await t.db.mailOutbox.findFirstOrThrow({
    where: { to, kind: { in: ["account_verify_email", "account_change_email"] } },
    orderBy: { createdAt: "desc" },
  });
  const token = new RegExp(`${verifyEmailPath("").replace(/[/]/g, "\\/")}([A-Za-z0-9_-]{43})`).exec(
    openMailText(mail, mail.body),
  )?.[1];
  expect(token).toBeDefined();
  return token!;
}
/** The claims of a session signed in now (what lib/auth/config.ts puts in the token). */
async function sessionOf(userId: string): Promise<SessionClaimsOf> {
  const user = await t.db.user.findUniqueOrThrow({ where: { id: userId } });
  return { userId, sessionVersion: user.sessionVersion, authAt: Date.now(), sessionId: randomUUID() };
}
const locale = "en" as const;

describe("sign-up", () => {
  it("answers the same for a new address, an unconfirmed account, a confirmed one and a staff one; the mailbox learns which", async () => {
    const fresh = unique("fresh");
    const unconfirmed = unique("unconfirmed");
    const confirmed = unique("confirmed");
    const staff = unique("staff");
    await t.db.user.create({ data: { email: unconfirmed, role: "customer" } });
    await t.db.user.create({
      data: {
        email: confirmed,
        role: "customer",
        emailVerifiedAt: new Date(),
        passwordHash: await hashPassword("owner password 1"),
      },
    });
    await t.db.user.create({ data: { email: staff, role: "staff", passwordHash: "x" } });

    for (const email of [fresh, unconfirmed, confirmed, staff]) {
      expect(await signUp(t.db, { email: email.toUpperCase(), locale }, visitor())).toEqual({ ok: true, email });
    }

    // A new address: an account with no password, not confirmed, and the confirmation link.
    const made = await t.db.user.findUniqueOrThrow({ where: { email: fresh } });
    expect(made).toMatchObject({ passwordHash: null, emailVerifiedAt: null, role: "customer" });
    expect((await mailsTo(fresh)).map((m) => m.kind)).toEqual(["account_verify_email"]);
    expect((await mailsTo(unconfirmed)).map((m) => m.kind)).toEqual(["account_verify_email"]);
    // A confirmed account: its owner is told, with the ways in; nothing else changes.
    const told = await mailsTo(confirmed);
    expect(told.map((m) => m.kind)).toEqual(["account_exists"]);
    expect(told[0]!.subject).toBe("Someone tried to create a Relay account with your address");
    expect(told[0]!.body).toContain("/account/sign-in");
    expect(told[0]!.body).toContain("/account/forgot-password");
    expect(
      await verifyPassword(
        "owner password 1",
        (await t.db.user.findUniqueOrThrow({ where: { email: confirmed } })).passwordHash!,
      ),
    ).toBe(true);
    expect(await mailsTo(staff)).toEqual([]);
    expect(await t.db.user.count({ where: { email: { in: [fresh, unconfirmed, confirmed, staff] } } })).toBe(4);
  });

  it("mails one address at most 3 times in 15 minutes, whoever asks, with the same answer past the limit", async () => {
    const email = unique("bombed");
    for (let i = 0; i < 6; i++) expect(await signUp(t.db, { email, locale }, visitor())).toEqual({ ok: true, email });
    expect(await t.db.mailOutbox.count({ where: { to: email } })).toBe(3);
  });

  it("gives no session: an account whose address is not confirmed signs nothing in", async () => {
    const email = unique("nosession");
    await signUp(t.db, { email, locale }, visitor());
    const user = await t.db.user.findUniqueOrThrow({ where: { email } });
    expect(await accountOfSession(t.db, await sessionOf(user.id))).toBeNull();
  });
});

describe("pre-hijacking", () => {
  it("an account made in the victim's name ends up with nothing once the victim confirms from the mailbox", async () => {
    const victim = unique("victim");
    const earlier = await guestOrder(victim);
    // The attacker signs up with the victim's address in upper case; no password, no session.
    expect(await signUp(t.db, { email: victim.toUpperCase(), locale }, visitor())).toEqual({ ok: true, email: victim });
    const account = await t.db.user.findUniqueOrThrow({ where: { email: victim } });
    // As an account made before sign-up stopped taking passwords would be: the attacker's
    // password, a session, a saved number and an order placed signed in.
    await t.db.user.update({
      where: { id: account.id },
      data: { passwordHash: await hashPassword("attacker password") },
    });
    const attackerSession = await sessionOf(account.id);
    await t.db.savedNumber.create({ data: { userId: account.id, phone: "+447700900123", label: "mine" } });
    const attackerOrder = await t.db.order.create({
      data: {
        ref: randomBytes(18).toString("base64url"),
        productType: "topup",
        idempotencyKey: `k_own_att_${Date.now()}`,
        customerEmail: "attacker@example.net",
        currency: "EUR",
        retailAmount: 500,
        detail: {},
        userId: account.id,
      },
    });
    expect(await accountOfSession(t.db, attackerSession)).toBeNull(); // unconfirmed: no session counts
    expect((await t.db.order.findUniqueOrThrow({ where: { id: earlier.id } })).userId).toBeNull();

    // The victim opens the mailed link and chooses a password.
    const confirmed = await confirmSignUp(t.db, await newestToken(victim), "victim's own password");
    expect(confirmed).toEqual({ ok: true, email: victim, changed: false, ordersJoined: 1 });

    const after = await t.db.user.findUniqueOrThrow({ where: { id: account.id } });
    expect(await verifyPassword("attacker password", after.passwordHash!)).toBe(false);
    expect(await verifyPassword("victim's own password", after.passwordHash!)).toBe(true);
    // The attacker's session ended with the confirmation (its version is an old one).
    expect(await accountOfSession(t.db, attackerSession)).toBeNull();
    expect(await accountOfSession(t.db, await sessionOf(account.id))).toMatchObject({ id: account.id, email: victim });
    // Nothing the attacker put in stays: the saved number goes, the signed-in order leaves.
    expect(await t.db.savedNumber.count({ where: { userId: account.id } })).toBe(0);
    expect(await t.db.order.findUniqueOrThrow({ where: { id: attackerOrder.id } })).toMatchObject({
      userId: null,
      placedAsGuest: true,
    });
    // The victim's guest order joined, and its link still works for whoever holds it.
    expect((await t.db.order.findUniqueOrThrow({ where: { id: earlier.id } })).userId).toBe(account.id);
    expect(await findOrderStatus(t.db, earlier.ref, null)).not.toBeNull();
  });

  it("a change of address confirmed from the victim's mailbox needs the attacker's password: the victim's click moves nothing", async () => {
    const victim = unique("victim-change");
    const victimOrder = await guestOrder(victim);
    const attacker = await t.db.user.create({
      data: {
        email: unique("attacker"),
        role: "customer",
        emailVerifiedAt: new Date(),
        passwordHash: await hashPassword("attacker password"),
      },
    });
    expect(await requestEmailChange(t.db, attacker.id, "attacker password", victim.toUpperCase())).toEqual({
      ok: true,
    });
    const token = await newestToken(victim);

    // The victim clicks and, not knowing the attacker's password, cannot confirm.
    expect(await confirmEmailChange(t.db, token, "victim's own password")).toMatchObject({
      ok: false,
      code: "WRONG_PASSWORD",
    });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: attacker.id } })).email).toBe(attacker.email);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: victimOrder.id } })).userId).toBeNull();

    // With the account's password the move happens, and every other session ends.
    const other = await sessionOf(attacker.id);
    expect(await confirmEmailChange(t.db, token, "attacker password")).toMatchObject({
      ok: true,
      email: victim,
      changed: true,
      ordersJoined: 1,
    });
    expect(await accountOfSession(t.db, other)).toBeNull();
  });
});

describe("addresses compare without case", () => {
  it("one function normalises them; reset, sign-up and joining all find the same account", async () => {
    expect(normalizeEmail("  Ana.Perez@Example.COM ")).toBe("ana.perez@example.com");
    const email = unique("case");
    const user = await t.db.user.create({
      data: { email, role: "customer", emailVerifiedAt: new Date(), passwordHash: "x" },
    });
    await requestPasswordReset(t.db, email.toUpperCase());
    expect(await t.db.mailOutbox.count({ where: { to: email, kind: "account_reset_password" } })).toBe(1);
    await signUp(t.db, { email: ` ${email.toUpperCase()} `, locale }, visitor());
    expect(await t.db.user.count({ where: { email } })).toBe(1);
    expect(await t.db.mailOutbox.count({ where: { to: email, kind: "account_exists" } })).toBe(1);
    expect(user.email).toBe(email);
  });
});

describe("sign out", () => {
  it("ends this session on the server: a copy of its token is refused; the account's other sessions go on", async () => {
    const user = await t.db.user.create({
      data: { email: unique("signout"), role: "customer", emailVerifiedAt: new Date(), passwordHash: "x" },
    });
    const here = await sessionOf(user.id);
    const phone = await sessionOf(user.id);
    expect(await accountOfSession(t.db, here)).not.toBeNull();
    expect(await endSession(t.db, user, here)).toBe("this");
    expect(await accountOfSession(t.db, here)).toBeNull();
    expect(await accountOfSession(t.db, phone)).not.toBeNull();
    // Signing out twice (two tabs) is harmless.
    expect(await endSession(t.db, user, here)).toBe("this");
  });

  it("a token without a session id cannot be told apart: every session of the account ends", async () => {
    const user = await t.db.user.create({
      data: { email: unique("signout-old"), role: "customer", emailVerifiedAt: new Date(), passwordHash: "x" },
    });
    const old = { ...(await sessionOf(user.id)), sessionId: undefined };
    const phone = await sessionOf(user.id);
    expect(await endSession(t.db, user, old)).toBe("all");
    expect(await accountOfSession(t.db, old)).toBeNull();
    expect(await accountOfSession(t.db, phone)).toBeNull();
  });
});

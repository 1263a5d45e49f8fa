import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";

// `npm run staff:link -- <email>` run as a user would, against a test database: it prints a
// link that the set-password page accepts, for staff only, and is audited as from the console.
const run = promisify(execFile);
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.user.create({ data: { email: "boss@example.com", role: "admin", passwordHash: "x" } });
  await t.db.user.create({ data: { email: "buyer@example.com", role: "customer" } });
});
afterAll(async () => {
  await t?.cleanup();
});

function staffLink(...args: string[]) {
  const env = {
    ...process.env,
    DATABASE_URL: t.url,
    APP_URL: "https://shop.example.com",
    AUTH_SECRET: "a".repeat(40),
    APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    LOG_LEVEL: "warn",
  };
  return run("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/staff-link.ts", ...args], {
    env,
    timeout: 150_000,
  }).then(
    (out) => ({ code: 0, ...out }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

// Each case starts the script with tsx (several seconds of CPU each); a loaded machine takes
// far longer, which the deadline allows for.
describe("npm run staff:link", { timeout: 180_000 }, () => {
  it("prints a one-time reset link for a staff account, audited as issued from the console", async () => {
    const out = await staffLink("Boss@Example.com");
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("Password reset link for boss@example.com (admin)");
    const url = /https:\/\/shop\.example\.com\/admin\/set-password\/([A-Za-z0-9_-]{43})/.exec(out.stdout);
    expect(url).not.toBeNull();
    const links = await t.db.passwordLink.findMany({ include: { user: true } });
    expect(links.map((l) => [l.user.email, l.purpose, l.usedAt])).toEqual([["boss@example.com", "reset", null]]);
    const audit = await t.db.auditLog.findMany({ where: { action: "staff.password_link" } });
    expect(audit.map((a) => [a.actorId, a.actorEmail])).toEqual([[null, "console (npm run staff:link)"]]);
  });

  it("refuses customers and unknown emails, naming the staff accounts, and changes nothing", async () => {
    const emails = ["buyer@example.com", "nobody@example.com"];
    const [usage, ...refusals] = await Promise.all([staffLink(), ...emails.map((email) => staffLink(email))]);
    for (const [i, email] of emails.entries()) {
      expect(refusals[i]!.code).toBe(1);
      expect(refusals[i]!.stderr).toContain(
        `No staff account has the email ${email}. Staff accounts: boss@example.com.`,
      );
    }
    expect(await t.db.passwordLink.count()).toBe(1);
    expect(usage!.code).toBe(1);
    expect(usage.stderr).toContain("Usage: npm run staff:link -- <staff email>");
  });
});

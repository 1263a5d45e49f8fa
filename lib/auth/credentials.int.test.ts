import { scryptSync } from "node:crypto";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { stubAppEnv } from "@/testing/app-env";
import { PEER_ADDRESS_HEADER } from "@/lib/security/client-address";

// Sign-in limits (docs/security.md), reproduced against the sign-in's credentials check (what
// Auth.js's /api/auth/callback/credentials and the sign-in forms call), on SQLite and, with
// TEST_POSTGRES_URL, PostgreSQL: 300 wrong passwords, the right one during the lockout, growing
// waits, parallel attempts, unknown emails doing the same work, old hashes replaced, and the staff
// second factor.

let t: TestDatabase;
let creds: typeof import("./credentials");
let password: typeof import("./password");
let throttle: typeof import("./throttle");
let totp: typeof import("./totp");
beforeAll(async () => {
  t = await createTestDatabase();
  stubAppEnv({ databaseUrl: t.url, emulatorUrl: "http://127.0.0.1:9" });
  [creds, password, throttle, totp] = await Promise.all([
    import("./credentials"),
    import("./password"),
    import("./throttle"),
    import("./totp"),
  ]);
}, 60_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await t?.cleanup();
});

const RIGHT = "correct horse battery";
let addressCounter = 10;
/** Headers as scripts/serve.mjs sets them: a fresh visitor address per test unless given. */
const from = (address = `198.51.100.${addressCounter++}`) => new Headers({ [PEER_ADDRESS_HEADER]: address });

/** A customer whose address is confirmed (the only kind that signs in), unless `confirmed: false`. */
async function makeUser(
  email: string,
  extra: { role?: "customer" | "staff" | "admin"; passwordHash?: string; confirmed?: boolean } = {},
) {
  const emailVerifiedAt = extra.confirmed === false ? null : new Date();
  return t.db.user.create({
    data: {
      email,
      role: extra.role ?? "customer",
      emailVerifiedAt,
      passwordHash: extra.passwordHash ?? (await password.hashPassword(RIGHT)),
    },
  });
}

/** Counts hash checks instead of running scrypt (the counting tests are about who gets a hash, not the hash). */
function countingDeps() {
  const calls = { verify: 0, dummy: 0 };
  return {
    calls,
    deps: {
      verify: async (pw: string) => {
        calls.verify++;
        return pw === RIGHT;
      },
      dummy: async () => {
        calls.dummy++;
        return false as const;
      },
    },
  };
}

type Outcome = "signed-in" | "invalid" | "throttled" | "second-factor" | "invalid-code" | "expired";
async function attempt(run: () => Promise<unknown>): Promise<{ outcome: Outcome; error?: unknown }> {
  try {
    await run();
    return { outcome: "signed-in" };
  } catch (error) {
    if (error instanceof creds.TooManyAttempts) return { outcome: "throttled", error };
    if (error instanceof creds.SecondFactorRequired) return { outcome: "second-factor", error };
    if (error instanceof creds.InvalidSecondFactor) return { outcome: "invalid-code", error };
    if (error instanceof creds.ExpiredChallenge) return { outcome: "expired", error };
    if (error instanceof creds.InvalidLogin) return { outcome: "invalid", error };
    throw error;
  }
}

/** The passing of a tier's window (or block): its counter rows for `email` expire now. */
async function expireTier(tierName: string, email: string) {
  await t.db.rateLimit.updateMany({
    where: { key: `${tierName}:${throttle.accountKey(email)}` },
    data: { expire: new Date(Date.now() - 1_000) },
  });
}

describe("sign-in throttling", () => {
  it("300 wrong passwords: 5 are checked, 295 refused; the right password is refused during the lockout, and works once the wait is over", async () => {
    const email = "victim@example.com";
    await makeUser(email);
    const { calls, deps } = countingDeps();
    const outcomes: Record<string, number> = {};
    for (let i = 0; i < 300; i++) {
      const { outcome } = await attempt(async () =>
        creds.authorizeCredentials(t.db, { email, password: `guess ${i}` }, from("203.0.113.7"), new Date(), deps),
      );
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    expect(outcomes).toEqual({ invalid: 5, throttled: 295 });
    // Refused attempts cost no hash.
    expect(calls.verify).toBe(5);

    const during = await attempt(async () =>
      creds.authorizeCredentials(t.db, { email, password: RIGHT }, from("203.0.113.7"), new Date(), deps),
    );
    expect(during.outcome).toBe("throttled");
    const wait = (during.error as InstanceType<typeof creds.TooManyAttempts>).retryAfterMs;
    // 300 attempts also spent the day's 20: the wait is the longest tier's, 2 hours.
    expect(wait).toBeGreaterThan(110 * 60_000);
    expect(throttle.tooManyAttemptsMessage(wait)).toBe("Too many attempts. Try again in 2 hours.");
    expect(throttle.tooManyAttemptsMessage(59_000)).toBe("Too many attempts. Try again in 1 minute.");
    expect(throttle.tooManyAttemptsMessage(14 * 60_000 + 1)).toBe("Too many attempts. Try again in 15 minutes.");
    // The same answer from another address: the lock is on the account.
    expect(
      (
        await attempt(async () =>
          creds.authorizeCredentials(t.db, { email, password: RIGHT }, from(), new Date(), deps),
        )
      ).outcome,
    ).toBe("throttled");

    for (const tier of throttle.SIGN_IN_ACCOUNT) await expireTier(tier.name, email);
    expect(
      (
        await attempt(async () =>
          creds.authorizeCredentials(t.db, { email, password: RIGHT }, from(), new Date(), deps),
        )
      ).outcome,
    ).toBe("signed-in");
    // A successful sign-in clears the account's counters.
    expect(await t.db.rateLimit.count({ where: { key: { endsWith: throttle.accountKey(email) } } })).toBe(0);
  }, 120_000);

  it("the waits grow: 1 minute after 5 failures, 15 minutes after 10 within the hour", async () => {
    const email = "ladder@example.com";
    await makeUser(email);
    const { deps } = countingDeps();
    const wrong = () =>
      attempt(async () =>
        creds.authorizeCredentials(t.db, { email, password: "wrong password" }, from(), new Date(), deps),
      );
    for (let i = 0; i < 5; i++) expect((await wrong()).outcome).toBe("invalid");
    const first = await wrong();
    expect(first.outcome).toBe("throttled");
    const firstWait = (first.error as InstanceType<typeof creds.TooManyAttempts>).retryAfterMs;
    expect(firstWait).toBeGreaterThan(50_000);
    expect(firstWait).toBeLessThanOrEqual(60_000);

    await expireTier("signin:account:1", email); // the minute passes
    for (let i = 0; i < 4; i++) expect((await wrong()).outcome).toBe("invalid");
    const second = await wrong();
    expect(second.outcome).toBe("throttled");
    expect((second.error as InstanceType<typeof creds.TooManyAttempts>).retryAfterMs).toBeGreaterThan(14 * 60_000);
  });

  it("parallel attempts cannot slip past the limit: of 40 at once, at most 5 reach the hash", async () => {
    const email = "parallel@example.com";
    await makeUser(email);
    const { calls, deps } = countingDeps();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        attempt(async () =>
          creds.authorizeCredentials(t.db, { email, password: `guess ${i}` }, from(), new Date(), deps),
        ),
      ),
    );
    expect(results.filter((r) => r.outcome === "signed-in")).toHaveLength(0);
    expect(calls.verify).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.outcome === "throttled").length).toBeGreaterThanOrEqual(35);
  });

  it("one address trying many accounts is stopped after 20 password checks; other addresses are not", async () => {
    const { deps } = countingDeps();
    const sprayer = "192.0.2.44";
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 25; i++)
      outcomes.push(
        (
          await attempt(async () =>
            creds.authorizeCredentials(
              t.db,
              { email: `spray${i}@example.com`, password: "Winter2026!" },
              from(sprayer),
              new Date(),
              deps,
            ),
          )
        ).outcome,
      );
    expect(outcomes.slice(0, 20).every((o) => o === "invalid")).toBe(true);
    expect(outcomes.slice(20).every((o) => o === "throttled")).toBe(true);
    await makeUser("bystander@example.com");
    expect(
      (
        await attempt(async () =>
          creds.authorizeCredentials(
            t.db,
            { email: "bystander@example.com", password: RIGHT },
            from("192.0.2.45"),
            new Date(),
            deps,
          ),
        )
      ).outcome,
    ).toBe("signed-in");
  });

  it("successful sign-ins do not use up their address's budget (an office behind one address)", async () => {
    const { deps } = countingDeps();
    const office = "192.0.2.80";
    await makeUser("clerk@example.com");
    for (let i = 0; i < 30; i++)
      expect(
        (
          await attempt(async () =>
            creds.authorizeCredentials(
              t.db,
              { email: "clerk@example.com", password: RIGHT },
              from(office),
              new Date(),
              deps,
            ),
          )
        ).outcome,
      ).toBe("signed-in");
  });
});

describe("accounts whose address is not confirmed", () => {
  it("get no session: the right password is told to confirm first, a wrong one gets the usual answer", async () => {
    await makeUser("unconfirmed@example.com", { confirmed: false });
    const { deps } = countingDeps();
    const right = await attempt(async () =>
      creds.authorizeCredentials(t.db, { email: "unconfirmed@example.com", password: RIGHT }, from(), new Date(), deps),
    ).catch((error: unknown) => ({ outcome: "other", error }));
    expect((right as { error?: unknown }).error).toBeInstanceOf(creds.EmailNotConfirmed);
    const wrong = await attempt(async () =>
      creds.authorizeCredentials(
        t.db,
        { email: "unconfirmed@example.com", password: "wrong password" },
        from(),
        new Date(),
        deps,
      ),
    );
    expect(wrong.outcome).toBe("invalid");
  });

  it("the address typed in any case finds the account (stored lower-cased)", async () => {
    await makeUser("mixed-case@example.com");
    const { deps } = countingDeps();
    const result = await attempt(async () =>
      creds.authorizeCredentials(
        t.db,
        { email: "  Mixed-CASE@Example.COM ", password: RIGHT },
        from(),
        new Date(),
        deps,
      ),
    );
    expect(result.outcome).toBe("signed-in");
  });
});

describe("the same work for unknown emails", () => {
  it("an unknown email, an account without a password and a disabled one each run one hash check and get the same answer", async () => {
    await t.db.user.create({ data: { email: "invited@example.com", role: "staff", passwordHash: null } });
    await t.db.user.create({
      data: {
        email: "gone@example.com",
        role: "customer",
        passwordHash: "scrypt$131072$8$1$c2FsdA$aGFzaA",
        disabledAt: new Date(),
      },
    });
    await makeUser("known@example.com");
    for (const email of ["nobody@example.com", "invited@example.com", "gone@example.com", "known@example.com"]) {
      const { calls, deps } = countingDeps();
      const result = await attempt(async () =>
        creds.authorizeCredentials(t.db, { email, password: "wrong password" }, from(), new Date(), deps),
      );
      expect(result.outcome, email).toBe("invalid");
      expect(calls.verify + calls.dummy, email).toBe(1);
      expect((result.error as Error).constructor).toBe(creds.InvalidLogin);
    }
  });

  it("timed in-process with the real hash: an unknown email takes as long as a known one (ratio, not absolute times)", async () => {
    await makeUser("timed@example.com");
    const time = async (email: string) => {
      const started = performance.now();
      await attempt(async () => creds.authorizeCredentials(t.db, { email, password: "wrong password" }, from()));
      return performance.now() - started;
    };
    await time("warm-up@example.com"); // the dummy hash is made on first use
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time("timed@example.com"));
      unknown.push(await time(`unknown${i}@example.com`));
    }
    // The fastest of five interleaved tries is each path's own cost: a busy machine only adds to
    // some tries. Without the dummy hash an unknown email answers ~12x faster (15 ms against
    // 190 ms).
    const ratio = Math.min(...unknown) / Math.min(...known);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  }, 120_000);
});

describe("password hashes at OWASP's parameters", () => {
  it("a hash made at N=2^15 is replaced with an N=2^17 one on the next successful sign-in, and still signs in", async () => {
    const salt = Buffer.from("fedcba9876543210");
    const old = [
      "scrypt",
      32768,
      8,
      1,
      salt.toString("base64url"),
      scryptSync(RIGHT, salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }).toString("base64url"),
    ].join("$");
    const user = await makeUser("old-hash@example.com", { passwordHash: old });
    expect(
      (await attempt(async () => creds.authorizeCredentials(t.db, { email: user.email, password: RIGHT }, from())))
        .outcome,
    ).toBe("signed-in");
    const stored = (await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash!;
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await password.verifyPassword(RIGHT, stored)).toBe(true);
    expect(
      (await attempt(async () => creds.authorizeCredentials(t.db, { email: user.email, password: RIGHT }, from())))
        .outcome,
    ).toBe("signed-in");
    // A wrong password changes nothing.
    await attempt(async () =>
      creds.authorizeCredentials(t.db, { email: user.email, password: "wrong password" }, from()),
    );
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(stored);
  }, 60_000);
});

describe("staff second factor", () => {
  async function enrolledStaff(email: string) {
    const user = await makeUser(email, { role: "staff" });
    await totp.startEnrolment(t.db, user.id);
    const status = await totp.totpStatus(t.db, user);
    if (status.state !== "pending") throw new Error("enrolment did not start");
    // The enrolment's own code, one step back, so the sign-in's current code is a new one.
    const enrolCode = await generate({ secret: status.secret, epoch: Math.floor(Date.now() / 1000) - 30 });
    const confirmed = await totp.confirmEnrolment(t.db, user, enrolCode);
    if (!confirmed.ok) throw new Error(confirmed.message);
    return { user, secret: status.secret, recovery: confirmed.codes };
  }
  const { deps } = countingDeps();

  it("the password alone gives no session; the challenge plus a current code does, once per code; a recovery code works once", async () => {
    const { user, secret, recovery } = await enrolledStaff("two-factor@example.com");
    expect(recovery).toHaveLength(10);
    // Stored hashed, never in the clear.
    expect(JSON.stringify(await t.db.recoveryCode.findMany({ where: { userId: user.id } }))).not.toContain(
      recovery[0]!.replace(/-/g, ""),
    );

    const first = await attempt(async () =>
      creds.authorizeCredentials(t.db, { email: user.email, password: RIGHT }, from(), new Date(), deps),
    );
    expect(first.outcome).toBe("second-factor");
    const challenge = (first.error as InstanceType<typeof creds.SecondFactorRequired>).challenge;
    expect(challenge).not.toContain(user.id);

    expect(
      (await attempt(async () => creds.authorizeCredentials(t.db, { challenge, code: "000000" }, from()))).outcome,
    ).toBe("invalid-code");
    const code = await generate({ secret });
    const ok = await creds.authorizeCredentials(t.db, { challenge, code }, from());
    expect(ok).toMatchObject({ id: user.id, role: "staff", sessionVersion: 0 });
    // The same code again (someone watched it typed): refused.
    expect((await attempt(async () => creds.authorizeCredentials(t.db, { challenge, code }, from()))).outcome).toBe(
      "invalid-code",
    );

    expect(
      (
        await attempt(async () =>
          creds.authorizeCredentials(t.db, { challenge, code: recovery[3]!.toUpperCase() }, from()),
        )
      ).outcome,
    ).toBe("signed-in");
    expect(
      (await attempt(async () => creds.authorizeCredentials(t.db, { challenge, code: recovery[3]! }, from()))).outcome,
    ).toBe("invalid-code");
    expect((await totp.totpStatus(t.db, user)).state === "on" && (await totp.totpStatus(t.db, user))).toMatchObject({
      recoveryCodesLeft: 9,
    });
  });

  it("codes are throttled: after 5 wrong ones even the right code is refused", async () => {
    const { user, secret } = await enrolledStaff("code-guesser@example.com");
    const first = await attempt(async () =>
      creds.authorizeCredentials(t.db, { email: user.email, password: RIGHT }, from(), new Date(), deps),
    );
    const challenge = (first.error as InstanceType<typeof creds.SecondFactorRequired>).challenge;
    for (let i = 0; i < 5; i++)
      expect(
        (await attempt(async () => creds.authorizeCredentials(t.db, { challenge, code: String(100000 + i) }, from())))
          .outcome,
      ).toBe("invalid-code");
    expect(
      (
        await attempt(async () =>
          creds.authorizeCredentials(t.db, { challenge, code: await generate({ secret }) }, from()),
        )
      ).outcome,
    ).toBe("throttled");
  });

  it("a challenge stops working when the account's sessions are ended, and a forged one is refused", async () => {
    const { user, secret } = await enrolledStaff("ended@example.com");
    const first = await attempt(async () =>
      creds.authorizeCredentials(t.db, { email: user.email, password: RIGHT }, from(), new Date(), deps),
    );
    const challenge = (first.error as InstanceType<typeof creds.SecondFactorRequired>).challenge;
    await t.db.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    expect(
      (
        await attempt(async () =>
          creds.authorizeCredentials(t.db, { challenge, code: await generate({ secret }) }, from()),
        )
      ).outcome,
    ).toBe("expired");
    expect(
      (
        await attempt(async () =>
          creds.authorizeCredentials(t.db, { challenge: "v1.forged.value.x", code: "123456" }, from()),
        )
      ).outcome,
    ).toBe("expired");
    // Five minutes later the challenge has expired.
    const again = await attempt(async () =>
      creds.authorizeCredentials(t.db, { email: user.email, password: RIGHT }, from(), new Date(), deps),
    );
    const fresh = (again.error as InstanceType<typeof creds.SecondFactorRequired>).challenge;
    expect(
      (
        await attempt(async () =>
          creds.authorizeCredentials(
            t.db,
            { challenge: fresh, code: await generate({ secret }) },
            from(),
            new Date(Date.now() + 6 * 60_000),
          ),
        )
      ).outcome,
    ).toBe("expired");
  });

  it("a customer account never gets a second-factor step", async () => {
    const user = await makeUser("shopper@example.com");
    await t.db.user.update({
      where: { id: user.id },
      data: { totpEnabledAt: new Date(), totpSecretSealed: "v1.x.y.z" },
    });
    expect(
      (
        await attempt(async () =>
          creds.authorizeCredentials(t.db, { email: user.email, password: RIGHT }, from(), new Date(), deps),
        )
      ).outcome,
    ).toBe("signed-in");
  });
});

describe("sign-in attempts are logged (ASVS 16.3.1)", () => {
  it("one line per attempt with its outcome and network, never the email typed", async () => {
    const { logger } = await import("@/lib/log");
    const lines: unknown[][] = [];
    const spy = vi.spyOn(logger, "info").mockImplementation(((...args: unknown[]) => {
      lines.push(args);
    }) as never);
    try {
      const email = "logged@example.com";
      const user = await makeUser(email);
      const { deps } = countingDeps();
      await attempt(async () =>
        creds.authorizeCredentials(t.db, { email, password: "wrong guess" }, from("203.0.113.9"), new Date(), deps),
      );
      await attempt(async () =>
        creds.authorizeCredentials(
          t.db,
          { email: "nobody@example.com", password: "wrong guess" },
          from("203.0.113.9"),
          new Date(),
          deps,
        ),
      );
      await attempt(async () =>
        creds.authorizeCredentials(t.db, { email, password: RIGHT }, from("203.0.113.9"), new Date(), deps),
      );
      const signIns = lines.map(([fields]) => fields as Record<string, unknown>).filter((f) => f.event === "sign_in");
      expect(signIns).toEqual([
        { event: "sign_in", step: "password", outcome: "invalid_login", address: "203.0.113.9" },
        { event: "sign_in", step: "password", outcome: "invalid_login", address: "203.0.113.9" },
        {
          event: "sign_in",
          step: "password",
          outcome: "signed_in",
          userId: user.id,
          role: "customer",
          address: "203.0.113.9",
        },
      ]);
      expect(JSON.stringify(lines)).not.toContain("@example.com");
    } finally {
      spy.mockRestore();
    }
  });
});

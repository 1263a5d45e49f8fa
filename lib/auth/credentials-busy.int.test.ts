import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { stubAppEnv } from "@/testing/app-env";
import { PEER_ADDRESS_HEADER } from "@/lib/security/client-address";

// A sign-in while password hashing is at its process-wide cap (lib/auth/password.ts): the
// visitor is told "busy, try again", and the attempt, whose password was never checked, does
// not count towards the account's or the network's sign-in limits.

let t: TestDatabase;
let creds: typeof import("./credentials");
let password: typeof import("./password");
beforeAll(async () => {
  t = await createTestDatabase();
  stubAppEnv({ databaseUrl: t.url, emulatorUrl: "http://127.0.0.1:9" });
  [creds, password] = await Promise.all([import("./credentials"), import("./password")]);
}, 60_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await t?.cleanup();
});

const RIGHT = "correct horse battery";
const office = new Headers({ [PEER_ADDRESS_HEADER]: "198.51.100.200" });

describe("sign-in while password hashing is busy", { timeout: 30_000 }, () => {
  it("answers busy with a clear message, and busy attempts use up no sign-in limit", async () => {
    const user = await t.db.user.create({
      data: {
        email: "busy@example.com",
        role: "customer",
        emailVerifiedAt: new Date(),
        passwordHash: await password.hashPassword(RIGHT),
      },
    });
    let busy = true;
    const deps = {
      verify: async (pw: string, stored: string) => {
        if (busy) throw new password.PasswordHashingBusy();
        return password.verifyPassword(pw, stored);
      },
      dummy: async () => {
        if (busy) throw new password.PasswordHashingBusy();
        return false as const;
      },
    };

    // More busy answers than the account's first tier allows (5): none of them counts.
    for (let i = 0; i < 8; i++) {
      const error = await creds
        .authorizeCredentials(t.db, { email: user.email, password: RIGHT }, office, new Date(), deps)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(creds.SignInBusy);
      expect(error).toMatchObject({
        code: "busy",
        message: expect.stringMatching(/^Too many sign-ins at once\. Please try again in a few seconds\./),
      });
    }
    const unknown = await creds
      .authorizeCredentials(t.db, { email: "nobody@example.com", password: RIGHT }, office, new Date(), deps)
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(creds.SignInBusy);

    busy = false;
    expect(
      await creds.authorizeCredentials(t.db, { email: user.email, password: RIGHT }, office, new Date(), deps),
    ).toMatchObject({ id: user.id });
  });
});

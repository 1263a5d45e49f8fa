import { afterEach, describe, expect, it, vi } from "vitest";

// The process-wide cap on password hashes: scrypt itself is wrapped to count the hashes really
// running at once, independently of the gate's own bookkeeping.
const scryptCalls = vi.hoisted(() => ({ running: 0, peak: 0, total: 0 }));

vi.mock("node:crypto", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:crypto")>();
  const scrypt = (...args: unknown[]) => {
    const callback = args.pop() as (error: Error | null, key: Buffer) => void;
    scryptCalls.running++;
    scryptCalls.total++;
    scryptCalls.peak = Math.max(scryptCalls.peak, scryptCalls.running);
    (real.scrypt as (...a: unknown[]) => void)(...args, (error: Error | null, key: Buffer) => {
      scryptCalls.running--;
      callback(error, key);
    });
  };
  return { ...real, default: { ...real, scrypt }, scrypt };
});

const { PasswordHashingBusy, configurePasswordHashing, defaultHashConcurrency, hashPassword, verifyPassword } =
  await import("./password");

const settle = <T>(work: Promise<T>) =>
  work.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

afterEach(() => {
  scryptCalls.peak = 0;
  scryptCalls.total = 0;
});

// Real scrypt at N=2^17 (~0.8 s, 128 MiB each): the integration tests' time budget.
describe("password hashing under load", { timeout: 60_000 }, () => {
  it("runs at most `concurrency` hashes at once, queues a bounded number, and refuses the overflow as busy", async () => {
    const states: { running: number; queued: number }[] = [];
    configurePasswordHashing({
      concurrency: 2,
      maxQueue: 3,
      queueTimeoutMs: 30_000,
      observe: (state) => states.push(state),
    });
    const stored = await hashPassword("correct horse battery");
    scryptCalls.peak = 0;
    scryptCalls.total = 0;

    // Eight at once, hashes and checks mixed: 2 run, 3 wait, 3 are refused without hashing.
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        settle<string | boolean>(
          i % 2 ? verifyPassword("correct horse battery", stored) : hashPassword(`password number ${i}`),
        ),
      ),
    );
    const refused = outcomes.filter((o) => !o.ok);
    expect(refused).toHaveLength(3);
    for (const o of refused) {
      expect(o.error).toBeInstanceOf(PasswordHashingBusy);
      expect((o.error as Error).message).toBe("Too many sign-ins at once. Please try again in a few seconds.");
    }
    const done = outcomes.filter((o) => o.ok).map((o) => o.value);
    expect(done).toHaveLength(5);
    for (const value of done)
      expect(value === true || (typeof value === "string" && value.startsWith("scrypt$"))).toBe(true);

    expect(scryptCalls.total).toBe(5);
    expect(scryptCalls.peak).toBe(2);
    expect(Math.max(...states.map((s) => s.running))).toBe(2);
    expect(Math.max(...states.map((s) => s.queued))).toBe(3);
    expect(states.at(-1)).toEqual({ running: 0, queued: 0 });
    configurePasswordHashing();
  });

  it("refuses a hash that waited too long for its turn, and serves the next one normally", async () => {
    configurePasswordHashing({ concurrency: 1, maxQueue: 10, queueTimeoutMs: 50 });
    const [first, second, third] = await Promise.all([
      settle(hashPassword("first password")),
      settle(hashPassword("second password")),
      settle(verifyPassword("x", "scrypt$131072$8$1$c2FsdA$aGFzaA")),
    ]);
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, error: expect.any(PasswordHashingBusy) });
    expect(third).toMatchObject({ ok: false, error: expect.any(PasswordHashingBusy) });
    expect(scryptCalls.total).toBe(1);

    expect(await verifyPassword("first password", (first as { value: string }).value)).toBe(true);
    configurePasswordHashing();
  });

  it("defaults to a few hashes at once (1–4, never more than the CPUs)", () => {
    const n = defaultHashConcurrency();
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(4);
  });
});

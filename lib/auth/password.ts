// Password hashing with scrypt (memory-hard, built into Node: no native add-on to compile), at
// the OWASP Password Storage Cheat Sheet's parameters: N=2^17, r=8, p=1 (128 MiB, a few hundred
// ms per hash). Stored form: "scrypt$<N>$<r>$<p>$<salt>$<hash>" (base64url), so parameters can be
// raised later: a hash made with other parameters still verifies, and `needsRehash` tells the
// sign-in to store a fresh one (lib/auth/credentials.ts).
//
// Each hash holds its 128 MiB for its whole run, so the process runs at most a few at once
// (a gate below: `concurrency`, from the CPUs, the memory and libuv's thread pool, 2–3 on a
// common machine); the rest wait in a short queue. When the queue is full, or a wait outlasts
// `queueTimeoutMs`, the hash is not run and `PasswordHashingBusy` is thrown: callers answer
// "busy, try again in a few seconds" (docs/security.md "Password hashing").
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { availableParallelism, totalmem } from "node:os";

export const PASSWORD_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
/** Bounds for parameters read back from a stored hash (a corrupt row must not ask for 64 GiB). */
const MAX_LOG2_N = 20;
const MAX_R = 32;
const MAX_P = 16;

const MiB = 1024 * 1024;

/** Thrown instead of hashing when too many hashes are running and waiting: try again shortly. */
export class PasswordHashingBusy extends Error {
  readonly code = "PASSWORD_HASHING_BUSY";
  constructor(readonly retryAfterSeconds = 5) {
    super("Too many sign-ins at once. Please try again in a few seconds.");
    this.name = "PasswordHashingBusy";
  }
}

/**
 * Runs `work` (which hashes or checks a password) and answers BUSY instead of throwing when the
 * hashing gate refused it, so a form can say "try again in a few seconds" rather than fail.
 */
export const BUSY = Symbol("password hashing busy");
export async function orBusy<T>(work: () => Promise<T>): Promise<T | typeof BUSY> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PasswordHashingBusy) return BUSY;
    throw error;
  }
}

export type PasswordHashingLimits = {
  /** Hashes running at once. */
  concurrency: number;
  /** Hashes waiting for a turn; one more is refused at once. */
  maxQueue: number;
  /** How long a hash waits for its turn before it is refused. */
  queueTimeoutMs: number;
  /** Called on every change of the gate's state (for tests and measurements). */
  observe?: (state: { running: number; queued: number }) => void;
};

/**
 * The default number of hashes at once: no more than the CPUs, a quarter of the memory the
 * process may use at 144 MiB each, and the libuv thread pool less one (scrypt runs there, as
 * do file reads and DNS lookups, which must not wait behind sign-ins); between 1 and 4.
 */
export function defaultHashConcurrency(): number {
  const constrained = typeof process.constrainedMemory === "function" ? process.constrainedMemory() : 0;
  const memory = constrained > 0 ? Math.min(constrained, totalmem()) : totalmem();
  const byMemory = Math.floor(memory / 4 / (144 * MiB));
  const threads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(4, availableParallelism(), byMemory, threads - 1));
}

function defaultLimits(): PasswordHashingLimits {
  const concurrency = defaultHashConcurrency();
  // About six seconds of waiting at ~0.8 s a hash, refused after eight.
  return { concurrency, maxQueue: 8 * concurrency, queueTimeoutMs: 8_000 };
}

type Waiter = { start: () => void; timer: ReturnType<typeof setTimeout> };

function createGate(limits: PasswordHashingLimits) {
  let running = 0;
  const queue: Waiter[] = [];
  const changed = () => limits.observe?.({ running, queued: queue.length });

  function release() {
    running--;
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      running++;
      next.start();
    }
    changed();
  }

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < limits.concurrency) {
        running++;
        changed();
      } else {
        if (queue.length >= limits.maxQueue) throw new PasswordHashingBusy();
        await new Promise<void>((resolve, reject) => {
          const waiter: Waiter = {
            start: resolve,
            timer: setTimeout(() => {
              queue.splice(queue.indexOf(waiter), 1);
              changed();
              reject(new PasswordHashingBusy());
            }, limits.queueTimeoutMs),
          };
          queue.push(waiter);
          changed();
        });
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    idle: () => running === 0 && queue.length === 0,
  };
}

let gate = createGate(defaultLimits());

/** Replaces the gate's limits (tests; a deployment tuning them). Only while no hash runs or waits. */
export function configurePasswordHashing(limits: Partial<PasswordHashingLimits> = {}): void {
  if (!gate.idle()) throw new Error("Password hashing limits can only change while no hash runs.");
  gate = createGate({ ...defaultLimits(), ...limits });
}

function scrypt(
  password: string,
  salt: Buffer,
  options: Required<Pick<ScryptOptions, "N" | "r" | "p">>,
): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes (128 MiB at N=2^17, r=8) plus a little; Node refuses anything
  // above maxmem (32 MiB by default), so the limit is derived from the parameters.
  const maxmem = 128 * options.N * options.r + 16 * MiB;
  return gate.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PASSWORD_PARAMS);
  return [
    "scrypt",
    PASSWORD_PARAMS.N,
    PASSWORD_PARAMS.r,
    PASSWORD_PARAMS.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

type Parsed = { N: number; r: number; p: number; salt: Buffer; hash: Buffer };

function parse(stored: string): Parsed | null {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash || rest.length > 0) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const log2N = Math.log2(params.N);
  if (!Number.isInteger(log2N) || log2N < 1 || log2N > MAX_LOG2_N) return null;
  if (
    !Number.isInteger(params.r) ||
    params.r < 1 ||
    params.r > MAX_R ||
    !Number.isInteger(params.p) ||
    params.p < 1 ||
    params.p > MAX_P
  )
    return null;
  return { ...params, salt: Buffer.from(salt, "base64url"), hash: Buffer.from(hash, "base64url") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** True when `stored` was made with other parameters than today's (the sign-in then stores a fresh hash). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N !== PASSWORD_PARAMS.N || parsed.r !== PASSWORD_PARAMS.r || parsed.p !== PASSWORD_PARAMS.p;
}

let dummy: Promise<string> | undefined;

/**
 * The same work as checking a real password, for an email with no account (or no password yet):
 * the sign-in answers in the same time either way, so its timing does not tell which emails
 * have accounts. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  // A refusal (busy) is not kept: the next sign-in makes the dummy hash again.
  dummy ??= hashPassword(randomBytes(18).toString("base64url")).catch((error: unknown) => {
    dummy = undefined;
    throw error;
  });
  await verifyPassword(password, await dummy);
  return false;
}

/** Which rule a new password breaks, as a code: buyer forms word it in the buyer's language. */
export type PasswordProblemCode = "TOO_SHORT" | "TOO_LONG";

/** Rules a new password must meet. */
export function passwordProblemCode(password: string): PasswordProblemCode | null {
  if (password.length < 10) return "TOO_SHORT";
  if (password.length > 200) return "TOO_LONG";
  return null;
}

const PASSWORD_PROBLEMS: Record<PasswordProblemCode, string> = {
  TOO_SHORT: "Use at least 10 characters.",
  TOO_LONG: "Use at most 200 characters.",
};

/** passwordProblemCode in English, for staff forms and the start script; shown inline in the form. */
export function passwordProblem(password: string): string | null {
  const code = passwordProblemCode(password);
  return code ? PASSWORD_PROBLEMS[code] : null;
}

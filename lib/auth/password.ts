// Password hashing with scrypt (memory-hard, built into Node: no native add-on to compile), at
// the OWASP Password Storage Cheat Sheet's parameters: N=2^17, r=8, p=1 (128 MiB, a few hundred
// ms per hash). Stored form: "scrypt$<N>$<r>$<p>$<salt>$<hash>" (base64url), so parameters can be
// raised later: a hash made with other parameters still verifies, and `needsRehash` tells the
// sign-in to store a fresh one (lib/auth/credentials.ts).
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

export const PASSWORD_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
/** Bounds for parameters read back from a stored hash (a corrupt row must not ask for 64 GiB). */
const MAX_LOG2_N = 20;
const MAX_R = 32;
const MAX_P = 16;

function scrypt(password: string, salt: Buffer, options: Required<Pick<ScryptOptions, "N" | "r" | "p">>): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes (128 MiB at N=2^17, r=8) plus a little; Node refuses anything
  // above maxmem (32 MiB by default), so the limit is derived from the parameters.
  const maxmem = 128 * options.N * options.r + 16 * 1024 * 1024;
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PASSWORD_PARAMS);
  return ["scrypt", PASSWORD_PARAMS.N, PASSWORD_PARAMS.r, PASSWORD_PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

type Parsed = { N: number; r: number; p: number; salt: Buffer; hash: Buffer };

function parse(stored: string): Parsed | null {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash || rest.length > 0) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const log2N = Math.log2(params.N);
  if (!Number.isInteger(log2N) || log2N < 1 || log2N > MAX_LOG2_N) return null;
  if (!Number.isInteger(params.r) || params.r < 1 || params.r > MAX_R || !Number.isInteger(params.p) || params.p < 1 || params.p > MAX_P) return null;
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
  dummy ??= hashPassword(randomBytes(18).toString("base64url"));
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

const PASSWORD_PROBLEMS: Record<PasswordProblemCode, string> = { TOO_SHORT: "Use at least 10 characters.", TOO_LONG: "Use at most 200 characters." };

/** passwordProblemCode in English, for staff forms and the start script; shown inline in the form. */
export function passwordProblem(password: string): string | null {
  const code = passwordProblemCode(password);
  return code ? PASSWORD_PROBLEMS[code] : null;
}

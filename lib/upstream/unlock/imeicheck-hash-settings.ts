// The IMEI check `hash` as settings (docs/unlock.md "IMEI check hash"). U§4: "`hash` is an
// encrypted value that groups the method's arguments joined by the separator `####`. The
// encryption function, key and argument order: not shown." So the function, its key, the
// argument order and the output encoding are what the operator gets from the supplier, set in the
// environment (UNLOCK_IMEICHECK_HASH_*) or stored on Admin → Upstream connection. Nothing is
// assumed: without settings a production account has no IMEI checks.
// Pure (no server-only, relative imports only): lib/env-schema.ts and the start script use it.
import { z } from "zod";

/** U§4's separator. */
export const IMEI_CHECK_HASH_SEPARATOR = "####";

/** The functions a deployment can choose from: HMACs (keyed) and plain digests (key among the arguments, if any). */
export const IMEI_CHECK_HASH_ALGORITHMS = [
  "hmac-sha256",
  "hmac-sha512",
  "hmac-sha1",
  "hmac-md5",
  "sha256",
  "sha512",
  "sha1",
  "md5",
] as const;
export type ImeiCheckHashAlgorithm = (typeof IMEI_CHECK_HASH_ALGORITHMS)[number];

/**
 * The values the hash can group: the IMEI (the method's path argument), the account's key and
 * secret (its credential headers), and a separate secret the supplier may issue for hashing.
 */
export const IMEI_CHECK_HASH_VALUES = ["imei", "svc_key", "svc_secret", "secret"] as const;
export type ImeiCheckHashValue = (typeof IMEI_CHECK_HASH_VALUES)[number];

export const IMEI_CHECK_HASH_ENCODINGS = ["hex", "hex-upper", "base64", "base64url"] as const;
export type ImeiCheckHashEncoding = (typeof IMEI_CHECK_HASH_ENCODINGS)[number];

export const isHmac = (algorithm: ImeiCheckHashAlgorithm) => algorithm.startsWith("hmac-");

const base = z.object({
  algorithm: z.enum(IMEI_CHECK_HASH_ALGORITHMS),
  /** The HMAC key; null for a plain digest. */
  key: z.enum(IMEI_CHECK_HASH_VALUES).exclude(["imei"]).nullable(),
  /** Joined by "####" in this order. */
  arguments: z.array(z.enum(IMEI_CHECK_HASH_VALUES)).min(1),
  encoding: z.enum(IMEI_CHECK_HASH_ENCODINGS),
  /** The separate secret, when `key` or an argument is "secret". */
  secret: z.string().min(1).nullable(),
});

export type ImeiCheckHashSettings = z.infer<typeof base>;

/** Why the settings cannot describe a hash, per field; empty when they can. */
export function imeiCheckHashSettingsProblems(
  settings: ImeiCheckHashSettings,
): Array<{ field: keyof ImeiCheckHashSettings; message: string }> {
  const problems: Array<{ field: keyof ImeiCheckHashSettings; message: string }> = [];
  if (isHmac(settings.algorithm) && settings.key === null)
    problems.push({ field: "key", message: "an HMAC needs a key: svc_secret, svc_key or secret" });
  if (!isHmac(settings.algorithm) && settings.key !== null)
    problems.push({ field: "key", message: "a plain digest takes no key (put it among the arguments)" });
  if (!settings.arguments.includes("imei"))
    problems.push({ field: "arguments", message: "must include imei (the hash groups the method's arguments)" });
  if (new Set(settings.arguments).size !== settings.arguments.length)
    problems.push({ field: "arguments", message: "names an argument twice" });
  const usesSecret = settings.key === "secret" || settings.arguments.includes("secret");
  if (usesSecret && !settings.secret)
    problems.push({ field: "secret", message: "is required when the key or an argument is secret" });
  return problems;
}

export const imeiCheckHashSettingsSchema = base.superRefine((settings, ctx) => {
  for (const problem of imeiCheckHashSettingsProblems(settings))
    ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
});

/** The environment variables, by setting. */
export const IMEI_CHECK_HASH_ENV = {
  algorithm: "UNLOCK_IMEICHECK_HASH_ALGORITHM",
  key: "UNLOCK_IMEICHECK_HASH_KEY",
  arguments: "UNLOCK_IMEICHECK_HASH_ARGUMENTS",
  encoding: "UNLOCK_IMEICHECK_HASH_ENCODING",
  secret: "UNLOCK_IMEICHECK_HASH_SECRET",
} as const;

/** "svc_key, imei" → ["svc_key", "imei"]. */
export const splitArguments = (value: string) =>
  value
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

export type ImeiCheckHashEnvResult =
  | { ok: true; settings: ImeiCheckHashSettings | null }
  | { ok: false; problems: Array<{ variable: string; message: string }> };

/**
 * The settings the environment gives: none when UNLOCK_IMEICHECK_HASH_ALGORITHM is unset; else all
 * of them checked together. Values are validated (and named) per variable by lib/env-schema.ts.
 */
export function imeiCheckHashSettingsFromEnv(source: Record<string, string | undefined>): ImeiCheckHashEnvResult {
  const read = (name: string) => (source[name]?.trim() ? source[name]!.trim() : undefined);
  const algorithm = read(IMEI_CHECK_HASH_ENV.algorithm)?.toLowerCase();
  if (algorithm === undefined) return { ok: true, settings: null };
  const candidate = {
    algorithm,
    key: read(IMEI_CHECK_HASH_ENV.key)?.toLowerCase() ?? null,
    arguments: splitArguments(read(IMEI_CHECK_HASH_ENV.arguments) ?? ""),
    encoding: read(IMEI_CHECK_HASH_ENV.encoding)?.toLowerCase(),
    secret: read(IMEI_CHECK_HASH_ENV.secret) ?? null,
  };
  const parsed = imeiCheckHashSettingsSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, settings: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => {
      const variable =
        IMEI_CHECK_HASH_ENV[issue.path[0] as keyof typeof IMEI_CHECK_HASH_ENV] ?? IMEI_CHECK_HASH_ENV.algorithm;
      return {
        variable,
        message:
          read(variable) === undefined
            ? `is required with ${IMEI_CHECK_HASH_ENV.algorithm}=${algorithm}`
            : issue.message,
      };
    }),
  };
}

/** The environment variables that carry `settings` (the start script and tests hand them to the app). */
export function imeiCheckHashEnv(settings: ImeiCheckHashSettings): Record<string, string> {
  return {
    [IMEI_CHECK_HASH_ENV.algorithm]: settings.algorithm,
    [IMEI_CHECK_HASH_ENV.key]: settings.key ?? "",
    [IMEI_CHECK_HASH_ENV.arguments]: settings.arguments.join(","),
    [IMEI_CHECK_HASH_ENV.encoding]: settings.encoding,
    [IMEI_CHECK_HASH_ENV.secret]: settings.secret ?? "",
  };
}

/** The unlock account's environment: the keys do not say (U§5 "separate sandbox and production pairs exist"). */
export const UNLOCK_ACCOUNT_ENVIRONMENTS = ["production", "sandbox"] as const;
export type UnlockAccountEnvironment = (typeof UNLOCK_ACCOUNT_ENVIRONMENTS)[number];

/** For staff screens and audit: the settings without the secret, e.g. `HMAC-SHA256 (key: svc_secret) of svc_key####imei, hex`. */
export function describeImeiCheckHashSettings(settings: ImeiCheckHashSettings): string {
  const fn = settings.algorithm.toUpperCase();
  const key = settings.key ? ` (key: ${settings.key})` : "";
  return `${fn}${key} of ${settings.arguments.join(IMEI_CHECK_HASH_SEPARATOR)}, ${settings.encoding}`;
}

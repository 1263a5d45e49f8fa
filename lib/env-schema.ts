// The environment contract: every variable the app reads, validated with zod. Pure (no
// "server-only") so the start script can check the environment before anything runs;
// app code imports `env` from lib/env.ts instead.
import { z } from "zod";
import { emailSchemaWith } from "./validation/email.ts";
import {
  IMEI_CHECK_HASH_ALGORITHMS,
  IMEI_CHECK_HASH_ENCODINGS,
  IMEI_CHECK_HASH_VALUES,
  imeiCheckHashSettingsFromEnv,
  splitArguments,
  UNLOCK_ACCOUNT_ENVIRONMENTS,
} from "./upstream/unlock/imeicheck-hash-settings.ts";

/** The embedded emulator listens on loopback only. */
export function emulatorUrl(port: number): string {
  return `http://127.0.0.1:${port}`;
}

export const DEFAULT_DATABASE_URL = "file:./data/shop.db";

const databaseUrl = z.string().refine((v) => /^file:.+/.test(v) || /^postgres(ql)?:\/\/[^\s]+$/.test(v), {
  message: 'must be "file:<path>" (SQLite) or "postgresql://user@host:port/db" (PostgreSQL)',
});

const httpUrl = z.url({ protocol: /^https?$/, message: "must be an http(s) URL" });

/** 32 random bytes, base64 encoded: the AES-256-GCM key for secrets stored in the database. */
const encryptionKey = z.string().refine((v) => Buffer.from(v, "base64").length === 32, {
  message: "must be 32 random bytes in base64 (openssl rand -base64 32)",
});

const port = z.coerce.number().int().min(1).max(65535);

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());
/** One of `values`, case-insensitive; empty = unset. */
const lowerEnum = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v.trim().toLowerCase() : undefined),
    z.enum(values, { message }).optional(),
  );
const lowerEnumWithDefault = <const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
  fallback: T[number],
) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v.trim().toLowerCase() : undefined),
    z.enum(values, { message }).default(fallback as never),
  );

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: port.default(3000),
    /** Public base URL of the shop, used in links, webhook URLs and OAuth redirects. */
    APP_URL: httpUrl.default("http://localhost:3000"),
    DATABASE_URL: databaseUrl.default(DEFAULT_DATABASE_URL),
    /** Reverse proxies in front of the shop that each append the address they saw to X-Forwarded-For (0: clients connect directly; lib/security/client-address.ts). */
    TRUST_PROXY_HOPS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10).default(0)),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)"),
    APP_ENCRYPTION_KEY: encryptionKey,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),

    /** Commerce API v2 base (without /v2). Unset: the embedded emulator. */
    COMMERCE_API_URL: optional(httpUrl),
    /** Commerce API key, "api_id:api_secret". */
    COMMERCE_API_KEY: optional(z.string().regex(/^[^:\s]+:[^:\s]+$/, 'must be "api_id:api_secret"')),
    /** Unlocking API base. Unset: the embedded emulator. */
    UNLOCK_API_URL: optional(httpUrl),
    UNLOCK_SVC_KEY: optional(z.string().min(1)),
    UNLOCK_SVC_SECRET: optional(z.string().min(1)),
    /** Credential header names: "spec" sends SVC_KEY/SVC_SECRET, "live" the live service's DSIM_KEY/DSIM_SECRET. */
    UNLOCK_HEADER_NAMES: z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? v.trim().toLowerCase() : undefined),
      z
        .enum(["spec", "live"], { message: 'must be "spec" (SVC_KEY/SVC_SECRET) or "live" (DSIM_KEY/DSIM_SECRET)' })
        .default("spec"),
    ),
    /** Which environment the UNLOCK_SVC_KEY pair belongs to (the keys do not say, U§5): production (default) or sandbox. */
    UNLOCK_ACCOUNT_ENVIRONMENT: lowerEnumWithDefault(
      UNLOCK_ACCOUNT_ENVIRONMENTS,
      'must be "production" or "sandbox"',
      "production",
    ),
    /** The IMEI check hash, as the supplier gives it (lib/upstream/unlock/imeicheck-hash-settings.ts). Unset: none, and a production account sells no IMEI checks. */
    UNLOCK_IMEICHECK_HASH_ALGORITHM: lowerEnum(
      IMEI_CHECK_HASH_ALGORITHMS,
      `must be one of ${IMEI_CHECK_HASH_ALGORITHMS.join(", ")}`,
    ),
    /** The HMAC key: svc_secret, svc_key or secret (UNLOCK_IMEICHECK_HASH_SECRET); unset for a plain digest. */
    UNLOCK_IMEICHECK_HASH_KEY: lowerEnum(
      ["svc_secret", "svc_key", "secret"] as const,
      'must be "svc_secret", "svc_key" or "secret"',
    ),
    /** The values joined by "####", in order, comma-separated: imei, svc_key, svc_secret, secret. */
    UNLOCK_IMEICHECK_HASH_ARGUMENTS: optional(
      z
        .string()
        .refine(
          (v) =>
            splitArguments(v).length > 0 &&
            splitArguments(v).every((a) => (IMEI_CHECK_HASH_VALUES as readonly string[]).includes(a)),
          {
            message: `must be a comma-separated list of ${IMEI_CHECK_HASH_VALUES.join(", ")} (e.g. "svc_key,imei")`,
          },
        ),
    ),
    UNLOCK_IMEICHECK_HASH_ENCODING: lowerEnum(
      IMEI_CHECK_HASH_ENCODINGS,
      `must be one of ${IMEI_CHECK_HASH_ENCODINGS.join(", ")}`,
    ),
    /** A separate hashing secret from the supplier, when the key or an argument is "secret". */
    UNLOCK_IMEICHECK_HASH_SECRET: optional(z.string().min(1)),
    /** Port of the embedded emulator, used when no upstream is configured. */
    EMULATOR_PORT: port.default(4010),
    /** Which reading of the contracts the embedded emulator answers by: "observed" (the notes', default) or "documented" (the documents' only); emulator/README.md. */
    EMULATOR_DIALECT: z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? v.trim().toLowerCase() : undefined),
      z.enum(["observed", "documented"], { message: 'must be "observed" or "documented"' }).default("observed"),
    ),
    /** Set by `npm start` for the embedded emulator: the id of its state file, part of the connection identity (a wiped sandbox is another connection). */
    EMBEDDED_UPSTREAM_INSTANCE: optional(z.string().min(1).max(100)),
    /** Requests per minute each upstream may receive from the whole deployment (all instances together). */
    UPSTREAM_BUDGET_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(500)),

    /** How the shop pays the commerce API: "credits" (its PRO balance, after the buyer paid the shop) or "payment_link" (the buyer pays the upstream's hosted checkout). */
    COMMERCE_CHECKOUT_MODE: z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? v.trim().toLowerCase() : undefined),
      z.enum(["credits", "payment_link"], { message: 'must be "credits" or "payment_link"' }).default("credits"),
    ),
    /** "off": the order worker stops polling commerce orders (webhooks alone bring them to their end); for tests. */
    ORDER_POLLING: z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? v.trim().toLowerCase() : undefined),
      z.enum(["on", "off"], { message: 'must be "on" or "off"' }).default("on"),
    ),
    /** "off": the app does not run the order worker itself (run `npm run worker` instead). */
    ORDER_WORKER_IN_APP: z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? v.trim().toLowerCase() : undefined),
      z.enum(["on", "off"], { message: 'must be "on" or "off"' }).default("on"),
    ),
    /** Milliseconds between the order worker's rounds (with ±20 % jitter). */
    ORDER_WORKER_INTERVAL_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(100).max(600_000).default(2_000),
    ),
    /** Days a webhook receipt is kept (for staff and replay) before the worker's housekeeping deletes it. */
    WEBHOOK_RECEIPT_RETENTION_DAYS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(3650).default(30),
    ),

    /** How buyers pay the shop: "sandbox" (test checkout, no money moves) or "stripe" (Stripe Checkout). */
    PAYMENT_PROVIDER: z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? v.trim().toLowerCase() : undefined),
      z.enum(["sandbox", "stripe"], { message: 'must be "sandbox" (test checkout) or "stripe"' }).default("sandbox"),
    ),
    /** Minutes an unpaid checkout stays open before it counts as abandoned. */
    PAYMENT_EXPIRY_MINUTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1440).default(30)),
    /** Stripe secret API key (sk_live_… / sk_test_… or a restricted rk_… key). Required with PAYMENT_PROVIDER=stripe. */
    STRIPE_SECRET_KEY: optional(
      z.string().regex(/^(sk|rk)_(live|test)_\S+$/, "must be a Stripe secret key (sk_live_…, sk_test_… or rk_…)"),
    ),
    /** Signing secret of the Stripe webhook endpoint (whsec_…). Required with PAYMENT_PROVIDER=stripe. */
    STRIPE_WEBHOOK_SECRET: optional(
      z.string().regex(/^whsec_\S+$/, "must be a Stripe webhook signing secret (whsec_…)"),
    ),
    /** The sandbox lets anyone "pay" without money: refused against a real (non-loopback) upstream unless this is "1". */
    PAYMENT_SANDBOX_WITH_REAL_UPSTREAM: z.preprocess(emptyToUndefined, z.enum(["0", "1"]).default("0")),
    /** The first admin, created at start-up when no admin exists (lib/auth/bootstrap-admin.ts). Unset: admin@localhost with a generated password printed once. */
    ADMIN_EMAIL: optional(emailSchemaWith("must be an email address")),
    ADMIN_PASSWORD: optional(
      z.string().min(10, "must be at least 10 characters").max(200, "must be at most 200 characters"),
    ),
    /**
     * Where the shop's mail goes: "smtp://user:pass@host:587" (STARTTLS when offered) or
     * "smtps://…:465". Unset: `npm start` runs a local mail catcher (maildev) and points here; with
     * neither, mail stays in the outbox for staff (lib/mail).
     */
    SMTP_URL: optional(
      z.url({ protocol: /^smtps?$/, message: 'must be "smtp://[user:pass@]host:port" or "smtps://…"' }),
    ),
    /** The From of every mail: an address, or "Name <address>". */
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).max(200).default("Reseller Shop <shop@localhost>")),
    /** Ports of the local mail catcher `npm start` runs when SMTP_URL is unset: its SMTP server and its web inbox. */
    MAIL_CATCHER_SMTP_PORT: port.default(1025),
    MAIL_CATCHER_WEB_PORT: port.default(1080),
    /** "on": register the shop's webhook receiver at the commerce API at start-up; "off": rely on polling alone. */
    COMMERCE_WEBHOOKS: z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? v.trim().toLowerCase() : undefined),
      z.enum(["on", "off"], { message: 'must be "on" or "off"' }).default("on"),
    ),
  })
  .superRefine((env, ctx) => {
    // The IMEI check hash settings only make sense together.
    const hash = imeiCheckHashSettingsFromEnv(env as unknown as Record<string, string | undefined>);
    if (!hash.ok)
      for (const problem of hash.problems)
        ctx.addIssue({ code: "custom", path: [problem.variable], message: problem.message });
    if (env.PAYMENT_PROVIDER === "stripe") {
      for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
        if (!env[name])
          ctx.addIssue({ code: "custom", path: [name], message: "is required when PAYMENT_PROVIDER=stripe" });
      }
    }
    // Sandbox payments move no money; against a real upstream every order would be free.
    const realUpstream = [env.COMMERCE_API_URL, env.UNLOCK_API_URL].some(
      (url) => url !== undefined && !isLoopbackUrl(url),
    );
    if (env.PAYMENT_PROVIDER === "sandbox" && realUpstream && env.PAYMENT_SANDBOX_WITH_REAL_UPSTREAM !== "1") {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_PROVIDER"],
        message:
          "is sandbox (no money moves) while a real upstream is configured: set PAYMENT_PROVIDER=stripe, or PAYMENT_SANDBOX_WITH_REAL_UPSTREAM=1 for a staging shop",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export type EnvResult = { ok: true; env: Env } | { ok: false; message: string };

/** Parses the environment; on failure, one line naming each bad variable and what it should be. */
export function parseEnv(source: Record<string, string | undefined>): EnvResult {
  const result = envSchema.safeParse(source);
  if (result.success) return { ok: true, env: result.data };
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    const got = source[name];
    const message = got === undefined && issue.code === "invalid_type" ? "is required" : issue.message;
    return `${name} ${message}${got !== undefined && !isSecretName(name) ? ` (got "${truncate(got)}")` : ""}`;
  });
  return { ok: false, message: `Invalid environment: ${problems.join("; ")}. See .env.example.` };
}

/**
 * Checks DATABASE_URL on its own. The start script needs this first: which database is
 * chosen decides whether the secrets can be generated (SQLite) or must be set (PostgreSQL).
 */
export function databaseUrlProblem(source: Record<string, string | undefined>): string | null {
  const value = source.DATABASE_URL || undefined;
  const result = envSchema.shape.DATABASE_URL.safeParse(value);
  return result.success
    ? null
    : `Invalid environment: DATABASE_URL ${result.error.issues[0]?.message} (got "${truncate(value ?? "")}"). See .env.example.`;
}

function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export function isSqliteUrl(url: string): boolean {
  return url.startsWith("file:");
}

function isSecretName(name: string): boolean {
  return /SECRET|KEY|PASSWORD|TOKEN|SMTP_URL/.test(name);
}

function truncate(value: string): string {
  return value.length > 40 ? `${value.slice(0, 37)}...` : value;
}

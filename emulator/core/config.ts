// Emulator settings. Defaults are the embedded sandbox; every one can be set by env for
// `npm run emulator`, or passed to createEmulator() in tests.

export type RateLimitStatus = 409 | 429;

/**
 * Which reading of the contracts the emulator answers by (emulator/README.md "Dialects"):
 * `observed` follows ../shared/spec/upstream-notes.md where the documents are silent (the
 * default); `documented` answers only what the two documents name, as if none of the notes held.
 */
export const DIALECTS = ["observed", "documented"] as const;
export type Dialect = (typeof DIALECTS)[number];

export function parseDialect(value: string | undefined): Dialect {
  if (value === undefined || value.trim() === "") return "observed";
  const dialect = value.trim().toLowerCase();
  if ((DIALECTS as readonly string[]).includes(dialect)) return dialect as Dialect;
  throw new Error(`EMULATOR_DIALECT must be "observed" or "documented" (got "${value}")`);
}

export type EmulatorConfig = {
  /** The reading of the contracts it answers by: `observed` (the notes') or `documented` (the documents' only). */
  dialect: Dialect;
  /** Base URL clients use, without a trailing slash (set after listening when port is 0). */
  publicUrl: string;
  /** OAuth authorization server base ({auth_url} in the spec); defaults to publicUrl. */
  authBaseUrl: string;
  /** Same seed, same catalog. */
  seed: number;
  /** Test controls under /__control: never on unless asked for. */
  controls: boolean;
  /** Realistic timings (create_order up to 30 s, slower fulfillment); off makes everything quick. */
  realistic: boolean;
  /** The unlocking API's answer to too many requests: 409 (reference text, live service) or 429 (status table). */
  unlockRateLimitStatus: RateLimitStatus;
  /** Travel eSIM offered on this host; off answers eSIM endpoints with 404 ESIM_DISABLED. */
  esimEnabled: boolean;
  /** The verified-email (identity_assertion) OAuth path; off answers registration with verified_email_not_enabled. */
  verifiedEmailEnabled: boolean;
  /** Sandbox convenience: allow http:// webhook URLs when they point at a loopback address. */
  allowLoopbackHttpWebhooks: boolean;
  /**
   * Test switch: what the discovery documents claim as `resource` (RFC 9728) and `issuer`
   * (RFC 8414) instead of the true values, to prove that a client refuses mismatched metadata.
   * null = the true value.
   */
  advertisedResource: string | null;
  advertisedIssuer: string | null;
  /**
   * SQLite file that keeps the emulator's whole state across restarts (../persistence);
   * null = state in memory only, gone with the process (the default, and what tests use).
   */
  stateFile: string | null;
};

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === "" ? fallback : value === "1" || value === "true";

export function configFromEnv(env: NodeJS.ProcessEnv, port: number): EmulatorConfig {
  const publicUrl = env.EMULATOR_PUBLIC_URL ?? `http://127.0.0.1:${port}`;
  const dialect = parseDialect(env.EMULATOR_DIALECT);
  return {
    dialect,
    publicUrl,
    authBaseUrl: env.EMULATOR_AUTH_BASE_URL ?? publicUrl,
    seed: Number(env.EMULATOR_SEED ?? 42),
    controls: flag(env.EMULATOR_CONTROL, false),
    realistic: flag(env.EMULATOR_REALISTIC, false),
    unlockRateLimitStatus: env.EMULATOR_UNLOCK_RATE_LIMIT_STATUS === "429" ? 429 : 409,
    esimEnabled: flag(env.EMULATOR_ESIM_ENABLED, true),
    verifiedEmailEnabled: flag(env.EMULATOR_VERIFIED_EMAIL_ENABLED, true),
    // The documents say HTTPS only (C§2, C§4): the documented dialect allows no exception by default.
    allowLoopbackHttpWebhooks: flag(env.EMULATOR_ALLOW_LOOPBACK_HTTP_WEBHOOKS, dialect === "observed"),
    advertisedResource: null,
    advertisedIssuer: null,
    stateFile: env.EMULATOR_STATE_FILE || null,
  };
}

export function defaultConfig(overrides: Partial<EmulatorConfig> = {}): EmulatorConfig {
  const publicUrl = overrides.publicUrl ?? "http://127.0.0.1:4010";
  const dialect = overrides.dialect ?? "observed";
  return {
    dialect,
    publicUrl,
    authBaseUrl: publicUrl,
    seed: 42,
    controls: false,
    realistic: false,
    unlockRateLimitStatus: 409,
    esimEnabled: true,
    verifiedEmailEnabled: true,
    allowLoopbackHttpWebhooks: dialect === "observed",
    advertisedResource: null,
    advertisedIssuer: null,
    stateFile: null,
    ...overrides,
  };
}

import { describe, expect, it } from "vitest";
import { databaseUrlProblem, parseEnv } from "./env-schema";

const secrets = { AUTH_SECRET: "x".repeat(32), APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") };

describe("parseEnv", () => {
  it("gives the embedded defaults when only the secrets are set", () => {
    const result = parseEnv(secrets);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.env.DATABASE_URL).toBe("file:./data/shop.db");
    expect(result.env.PORT).toBe(3000);
    expect(result.env.COMMERCE_API_URL).toBeUndefined();
  });

  it("accepts a PostgreSQL URL", () => {
    const result = parseEnv({ ...secrets, DATABASE_URL: "postgresql://shop@127.0.0.1:5432/shop" });
    expect(result.ok).toBe(true);
  });

  it("refuses a nonsense DATABASE_URL with one line naming it and what it should be", () => {
    const result = parseEnv({ ...secrets, DATABASE_URL: "nonsense" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).not.toContain("\n");
    expect(result.message).toMatch(/DATABASE_URL must be "file:<path>".*postgresql:\/\/.*\(got "nonsense"\)/);
  });

  it("names a missing secret as required without echoing secret values", () => {
    const result = parseEnv({ APP_ENCRYPTION_KEY: "short" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toContain("AUTH_SECRET is required");
    expect(result.message).toContain("APP_ENCRYPTION_KEY must be 32 random bytes");
    expect(result.message).not.toContain('"short"');
  });

  it("treats empty optional values as unset and checks set ones", () => {
    expect(parseEnv({ ...secrets, COMMERCE_API_URL: "" }).ok).toBe(true);
    const bad = parseEnv({ ...secrets, COMMERCE_API_KEY: "no-colon" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toContain('COMMERCE_API_KEY must be "api_id:api_secret"');
  });

  it("refuses a port out of range", () => {
    const result = parseEnv({ ...secrets, PORT: "70000" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain("PORT");
  });
});

describe("databaseUrlProblem", () => {
  it("is null for the default and for valid URLs", () => {
    expect(databaseUrlProblem({})).toBeNull();
    expect(databaseUrlProblem({ DATABASE_URL: "file:./x.db" })).toBeNull();
    expect(databaseUrlProblem({ DATABASE_URL: "postgres://a@b/c" })).toBeNull();
  });

  it("names a malformed URL alone, in one line", () => {
    const problem = databaseUrlProblem({ DATABASE_URL: "nonsense" });
    expect(problem).toMatch(/^Invalid environment: DATABASE_URL must be .*\(got "nonsense"\)\. See \.env\.example\.$/);
  });
});

describe("upstream settings", () => {
  it("reads the unlock header names setting and refuses an unknown one", () => {
    const live = parseEnv({ ...secrets, UNLOCK_HEADER_NAMES: " Live " });
    expect(live.ok && live.env.UNLOCK_HEADER_NAMES).toBe("live");
    const fallback = parseEnv({ ...secrets });
    expect(fallback.ok && fallback.env.UNLOCK_HEADER_NAMES).toBe("spec");
    const bad = parseEnv({ ...secrets, UNLOCK_HEADER_NAMES: "dsim" });
    expect(!bad.ok && bad.message).toContain('UNLOCK_HEADER_NAMES must be "spec"');
  });

  it("reads the unlock account's environment (default production) and the IMEI check hash settings, naming each bad one", () => {
    const fallback = parseEnv({ ...secrets });
    expect(
      fallback.ok && [fallback.env.UNLOCK_ACCOUNT_ENVIRONMENT, fallback.env.UNLOCK_IMEICHECK_HASH_ALGORITHM],
    ).toEqual(["production", undefined]);
    const sandbox = parseEnv({ ...secrets, UNLOCK_ACCOUNT_ENVIRONMENT: " Sandbox " });
    expect(sandbox.ok && sandbox.env.UNLOCK_ACCOUNT_ENVIRONMENT).toBe("sandbox");
    const hash = {
      UNLOCK_IMEICHECK_HASH_ALGORITHM: "HMAC-SHA256",
      UNLOCK_IMEICHECK_HASH_KEY: "svc_secret",
      UNLOCK_IMEICHECK_HASH_ARGUMENTS: "svc_key,imei",
      UNLOCK_IMEICHECK_HASH_ENCODING: "hex",
    };
    expect(parseEnv({ ...secrets, ...hash }).ok).toBe(true);
    const missing = parseEnv({ ...secrets, ...hash, UNLOCK_IMEICHECK_HASH_KEY: "" });
    expect(!missing.ok && missing.message).toContain(
      "UNLOCK_IMEICHECK_HASH_KEY is required with UNLOCK_IMEICHECK_HASH_ALGORITHM=hmac-sha256",
    );
    const unknown = parseEnv({
      ...secrets,
      ...hash,
      UNLOCK_IMEICHECK_HASH_ARGUMENTS: "imei,date",
      UNLOCK_ACCOUNT_ENVIRONMENT: "live",
    });
    expect(!unknown.ok && unknown.message).toContain("UNLOCK_IMEICHECK_HASH_ARGUMENTS must be a comma-separated list");
    expect(!unknown.ok && unknown.message).toContain('UNLOCK_ACCOUNT_ENVIRONMENT must be "production" or "sandbox"');
    const secret = parseEnv({
      ...secrets,
      ...hash,
      UNLOCK_IMEICHECK_HASH_KEY: "secret",
      UNLOCK_IMEICHECK_HASH_ENCODING: "rot13",
      UNLOCK_IMEICHECK_HASH_SECRET: "never-echoed",
    });
    expect(!secret.ok && secret.message).toContain("UNLOCK_IMEICHECK_HASH_ENCODING must be one of hex");
    expect(!secret.ok && secret.message).not.toContain("never-echoed");
  });

  it("reads the request budget per minute", () => {
    const set = parseEnv({ ...secrets, UPSTREAM_BUDGET_PER_MINUTE: "120" });
    expect(set.ok && set.env.UPSTREAM_BUDGET_PER_MINUTE).toBe(120);
    expect(parseEnv({ ...secrets, UPSTREAM_BUDGET_PER_MINUTE: "0" }).ok).toBe(false);
  });
});

describe("payment and webhook settings", () => {
  it("defaults to the sandbox provider, a 30-minute checkout and commerce webhooks on", () => {
    const result = parseEnv(secrets);
    expect(
      result.ok && [result.env.PAYMENT_PROVIDER, result.env.PAYMENT_EXPIRY_MINUTES, result.env.COMMERCE_WEBHOOKS],
    ).toEqual(["sandbox", 30, "on"]);
  });

  it("keeps webhook receipts 30 days unless WEBHOOK_RECEIPT_RETENTION_DAYS says otherwise (whole days, at least 1)", () => {
    const result = parseEnv(secrets);
    expect(result.ok && result.env.WEBHOOK_RECEIPT_RETENTION_DAYS).toBe(30);
    const set = parseEnv({ ...secrets, WEBHOOK_RECEIPT_RETENTION_DAYS: "7" });
    expect(set.ok && set.env.WEBHOOK_RECEIPT_RETENTION_DAYS).toBe(7);
    for (const bad of ["0", "1.5", "forever"])
      expect(parseEnv({ ...secrets, WEBHOOK_RECEIPT_RETENTION_DAYS: bad }).ok).toBe(false);
  });

  it("requires both Stripe variables with PAYMENT_PROVIDER=stripe, without echoing them", () => {
    const missing = parseEnv({ ...secrets, PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_abc" });
    expect(!missing.ok && missing.message).toContain("STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe");
    const bad = parseEnv({
      ...secrets,
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "pk_live_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    });
    expect(!bad.ok && bad.message).toContain("STRIPE_SECRET_KEY must be a Stripe secret key");
    expect(!bad.ok && bad.message).not.toContain("pk_live_abc");
    expect(
      parseEnv({
        ...secrets,
        PAYMENT_PROVIDER: "Stripe",
        STRIPE_SECRET_KEY: "sk_live_abc",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
      }).ok,
    ).toBe(true);
  });

  it("refuses sandbox payments against a real upstream unless explicitly allowed; the loopback emulator is fine", () => {
    const real = parseEnv({ ...secrets, COMMERCE_API_URL: "https://api.example.com", COMMERCE_API_KEY: "live_a:b" });
    expect(!real.ok && real.message).toContain(
      "PAYMENT_PROVIDER is sandbox (no money moves) while a real upstream is configured",
    );
    expect(
      parseEnv({ ...secrets, COMMERCE_API_URL: "https://api.example.com", PAYMENT_SANDBOX_WITH_REAL_UPSTREAM: "1" }).ok,
    ).toBe(true);
    expect(
      parseEnv({ ...secrets, COMMERCE_API_URL: "http://127.0.0.1:4010", UNLOCK_API_URL: "http://localhost:4010" }).ok,
    ).toBe(true);
  });

  it("reads COMMERCE_WEBHOOKS and refuses anything but on/off", () => {
    const off = parseEnv({ ...secrets, COMMERCE_WEBHOOKS: " OFF " });
    expect(off.ok && off.env.COMMERCE_WEBHOOKS).toBe("off");
    expect(parseEnv({ ...secrets, COMMERCE_WEBHOOKS: "maybe" }).ok).toBe(false);
    expect(parseEnv({ ...secrets, PAYMENT_EXPIRY_MINUTES: "0" }).ok).toBe(false);
  });
});

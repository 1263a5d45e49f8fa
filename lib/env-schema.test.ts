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

  it("reads the request budget per minute", () => {
    const set = parseEnv({ ...secrets, UPSTREAM_BUDGET_PER_MINUTE: "120" });
    expect(set.ok && set.env.UPSTREAM_BUDGET_PER_MINUTE).toBe(120);
    expect(parseEnv({ ...secrets, UPSTREAM_BUDGET_PER_MINUTE: "0" }).ok).toBe(false);
  });
});

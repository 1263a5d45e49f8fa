import { describe, expect, it } from "vitest";
import { GENERATED_ADMIN_EMAIL } from "../auth/bootstrap-admin";
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGE, emailSchema, emailSchemaWith } from "./email";

function problem(input: unknown): string | undefined {
  const parsed = emailSchema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues.map((i) => i.message).join(" | ");
}

describe("emailSchema", () => {
  it("accepts the addresses the app itself creates", () => {
    // The first admin (npm start), the staff account docs/admin.md and the e2e suite create,
    // the e2e servers' ADMIN_EMAIL and e2e/helpers/server.ts uniqueEmail().
    for (const address of [
      GENERATED_ADMIN_EMAIL,
      "ops@localhost",
      "admin@e2e.example.com",
      "invited-mc2x1k-a1b2c3@example.com",
    ]) {
      expect(emailSchema.parse(address), address).toBe(address);
    }
  });

  it("accepts ordinary addresses, subdomains, plus tags and the other characters a mailbox may hold", () => {
    for (const address of [
      "name@example.com",
      "first.last+shop@mail.example.co.uk",
      "o'brien@example.ie",
      "a_b-c@x-y.example",
      "1@2.io",
      "x@a",
      "user@sub.localhost",
    ]) {
      expect(emailSchema.safeParse(address).success, address).toBe(true);
    }
  });

  it("trims and lower-cases, so the same person is one account", () => {
    expect(emailSchema.parse("  Admin@LocalHost \n")).toBe("admin@localhost");
    expect(emailSchema.parse("Name.Last@Example.COM")).toBe("name.last@example.com");
  });

  it("refuses garbage with the message for a form", () => {
    for (const input of [
      "",
      "   ",
      "admin",
      "admin@",
      "@localhost",
      "a@@b.com",
      "a@b@c.com",
      "two words@example.com",
      "name@exa mple.com",
      ".name@example.com",
      "name.@example.com",
      "na..me@example.com",
      "name@.example.com",
      "name@example..com",
      "name@example.com.",
      "name@-example.com",
      "name@example-.com",
      "name@exa_mple.com",
      "name@[127.0.0.1]",
      '"quoted"@example.com',
      "<name@example.com>",
      "Name <name@example.com>",
      "name@example.com, other@example.com",
      "näme@example.com",
    ]) {
      expect(problem(input), JSON.stringify(input)).toBe(EMAIL_MESSAGE);
    }
  });

  it("refuses what is not a string", () => {
    for (const input of [undefined, null, 42, {}]) expect(problem(input)).toBe(EMAIL_MESSAGE);
  });

  it("bounds the length: 254 characters in all, 64 before the @", () => {
    const domain = `${"d".repeat(63)}.${"e".repeat(63)}.${"f".repeat(63)}.com`; // 195 characters
    const atLimit = `${"a".repeat(EMAIL_MAX_LENGTH - domain.length - 1)}@${domain}`;
    expect(atLimit).toHaveLength(EMAIL_MAX_LENGTH);
    expect(emailSchema.safeParse(atLimit).success).toBe(true);
    expect(problem(`a${atLimit}`)).toBe(EMAIL_MESSAGE);
    expect(emailSchema.safeParse(`${"a".repeat(64)}@example.com`).success).toBe(true);
    expect(problem(`${"a".repeat(65)}@example.com`)).toBe(EMAIL_MESSAGE);
    expect(problem(`a@${"b".repeat(64)}.com`)).toBe(EMAIL_MESSAGE); // a domain label has at most 63
  });

  it("words its message as asked (the environment check names the variable)", () => {
    const env = emailSchemaWith("must be an email address");
    expect(env.safeParse("admin@localhost").success).toBe(true);
    expect(env.safeParse("admin").error?.issues[0]?.message).toBe("must be an email address");
  });
});

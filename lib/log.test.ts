import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { LOG_REDACTION, maskImei } from "./log";

describe("maskImei", () => {
  it("keeps only the first six and last two digits", () => {
    expect(maskImei("490154203237518")).toBe("490154*******18");
  });
});

describe("log redaction", () => {
  it("censors secret-bearing keys at any depth", () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const log = pino({ redact: LOG_REDACTION }, sink);
    log.info(
      { headers: { authorization: "Bearer test_abc:sk_123" }, body: { nested: { refresh_token: "rt-1" } } },
      "call",
    );
    expect(lines.join("")).not.toContain("sk_123");
    expect(lines.join("")).not.toContain("rt-1");
    expect(lines.join("")).toContain("[redacted]");
  });
});

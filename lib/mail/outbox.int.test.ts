import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { logger } from "@/lib/log";
import { newOrderRef } from "@/lib/orders/refs";
import { sendMail } from "./delivery";

// A guest order's reference is the key to its order page, and the
// receipt's subject names it. The log transport must not copy it into the logs; the outbox row
// (staff only) keeps the whole message.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.cleanup();
});

describe("sendMail (log transport)", () => {
  it("logs that a receipt went out without the order reference its subject carries", async () => {
    const lines: string[] = [];
    for (const level of ["trace", "debug", "info", "warn", "error", "fatal"] as const) {
      vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
        lines.push(JSON.stringify(args));
      }) as never);
    }
    const ref = newOrderRef();
    const row = await sendMail(
      t.db,
      {
        to: "guest@example.com",
        subject: `Shop receipt for order ${ref}`,
        body: `Follow your order: https://shop.example.com/orders/${ref}`,
        kind: "receipt",
      },
      { transport: null, from: "Shop <shop@localhost>" },
    );

    expect(row).toMatchObject({ transport: "log", status: "sent", subject: `Shop receipt for order ${ref}` });
    expect(row.sentAt).not.toBeNull();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).toContain(row.id);
    expect(lines.join("\n")).not.toContain(ref);
    expect(lines.join("\n")).not.toContain("guest@example.com");
  });
});

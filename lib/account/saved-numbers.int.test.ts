import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { listSavedNumbers, MAX_SAVED_NUMBERS, removeSavedNumber, saveNumber, topupHrefFor } from "./saved-numbers";

// Saved top-up numbers: checked like the top-up form checks them, stored in E.164 once per
// account (saving again relabels), limited in number, and bound to their owner.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.cleanup();
});

const user = (email: string) => t.db.user.create({ data: { email, role: "customer" } });

describe("saved numbers", () => {
  it("saves a number in E.164 with its label; saving it again relabels; bad input says what is wrong", async () => {
    const owner = await user("saved-1@example.com");
    const first = await saveNumber(t.db, owner.id, { phone: "+44 7400 123456", label: "  Mum  " });
    expect(first).toMatchObject({ ok: true, saved: { phone: "+447400123456", label: "Mum" } });
    expect(await saveNumber(t.db, owner.id, { phone: "00447400123456", label: "Mother" })).toMatchObject({
      ok: true,
      saved: { label: "Mother" },
    });
    expect((await listSavedNumbers(t.db, owner.id)).map((n) => [n.phone, n.label])).toEqual([
      ["+447400123456", "Mother"],
    ]);
    expect(topupHrefFor({ phone: "+447400123456" })).toBe("/topup?phone=%2B447400123456");

    expect(await saveNumber(t.db, owner.id, { phone: "+44 7400 123456", label: " " })).toMatchObject({
      ok: false,
      field: "label",
    });
    expect(await saveNumber(t.db, owner.id, { phone: "12", label: "Dad" })).toMatchObject({
      ok: false,
      field: "phone",
    });
    expect(await saveNumber(t.db, owner.id, { phone: "+447400123456", label: "x".repeat(41) })).toMatchObject({
      ok: false,
      field: "label",
    });
  });

  it("is bound to its owner: another account neither sees nor removes it", async () => {
    const owner = await user("saved-2@example.com");
    const other = await user("saved-3@example.com");
    const saved = await saveNumber(t.db, owner.id, { phone: "+447400123457", label: "Work" });
    if (!saved.ok) throw new Error(saved.message);
    expect(await listSavedNumbers(t.db, other.id)).toEqual([]);
    expect(await removeSavedNumber(t.db, other.id, saved.saved.id)).toBe(false);
    expect(await listSavedNumbers(t.db, owner.id)).toHaveLength(1);
    expect(await removeSavedNumber(t.db, owner.id, saved.saved.id)).toBe(true);
    expect(await listSavedNumbers(t.db, owner.id)).toEqual([]);
  });

  it(`keeps at most ${MAX_SAVED_NUMBERS} numbers per account`, async () => {
    const owner = await user("saved-4@example.com");
    for (let i = 0; i < MAX_SAVED_NUMBERS; i += 1) {
      expect(
        await saveNumber(t.db, owner.id, { phone: `+4474001234${String(i).padStart(2, "0")}`, label: `N${i}` }),
      ).toMatchObject({ ok: true });
    }
    expect(await saveNumber(t.db, owner.id, { phone: "+447400999999", label: "One more" })).toMatchObject({
      ok: false,
      field: "phone",
      message: expect.stringContaining("up to 20"),
    });
  });
});

import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, paginate } from "./pagination";

// upstream-notes: cursor pagination (cursor, limit default 50 max 100 → meta.has_more, meta.cursor).

const items = Array.from({ length: 7 }, (_, i) => ({ id: `item-${i}` }));
const key = (item: { id: string }) => item.id;

describe("cursor pagination (keyset)", () => {
  it("walks every item once, in sort order, and ends with has_more false and cursor null", () => {
    const first = paginate(items, key, { limit: 3 });
    expect(first.ok && first.items.map(key)).toEqual(["item-0", "item-1", "item-2"]);
    expect(first.ok && first.meta).toMatchObject({ has_more: true, limit: 3 });
    const second = paginate(items, key, { limit: 3, cursor: first.ok ? first.meta.cursor! : "" });
    expect(second.ok && second.items.map(key)).toEqual(["item-3", "item-4", "item-5"]);
    const last = paginate(items, key, { limit: 3, cursor: second.ok ? second.meta.cursor! : "" });
    expect(last.ok && last.items.map(key)).toEqual(["item-6"]);
    expect(last.ok && last.meta).toEqual({ has_more: false, cursor: null, limit: 3 });
  });

  it("a page boundary survives the item it points at disappearing (keyset, not offset)", () => {
    const first = paginate(items, key, { limit: 2 });
    const cursor = first.ok ? first.meta.cursor! : "";
    const without = items.filter((i) => i.id !== "item-1");
    const next = paginate(without, key, { limit: 2, cursor });
    expect(next.ok && next.items.map(key)).toEqual(["item-2", "item-3"]);
  });

  it("rejects a cursor it did not issue; cursors are opaque base64url", () => {
    expect(paginate(items, key, { limit: 2, cursor: "not-ours" })).toEqual({ ok: false, reason: "invalid_cursor" });
    expect(encodeCursor("item-1")).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(encodeCursor("item-1"))).toBe("item-1");
  });
});

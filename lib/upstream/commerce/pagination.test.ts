import { describe, expect, it } from "vitest";
import { allPages } from "./pagination";
import type { Page } from "./schemas/common";

const page = (items: number[], cursor: string | null): Page<number> => ({
  items,
  hasMore: cursor !== null,
  cursor,
  meta: {},
});

describe("allPages", () => {
  it("follows the cursor to the last page", async () => {
    const pages: Record<string, Page<number>> = {
      start: page([1, 2], "c1"),
      c1: page([3, 4], "c2"),
      c2: page([5], null),
    };
    const asked: Array<string | undefined> = [];
    const items = await allPages(async (cursor) => (asked.push(cursor), pages[cursor ?? "start"]!));
    expect(items).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([undefined, "c1", "c2"]);
  });

  it("stops on a repeated cursor instead of looping", async () => {
    await expect(allPages(async () => page([1], "same"))).rejects.toThrow(/repeated the cursor/);
  });

  it("stops after maxPages", async () => {
    let n = 0;
    await expect(allPages(async () => page([n], `c${n++}`), { maxPages: 3 })).rejects.toThrow(/more than 3 pages/);
  });
});

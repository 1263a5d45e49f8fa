import { describe, expect, it, vi } from "vitest";
import type { DbClient } from "@/lib/db/create-client";
import { esimDeliveryUsage } from "./delivery";

// The order page reads the eSIM delivery card's remaining data only when there is a card: the
// database (and through it the supplier) is not asked for an order with nothing to deliver.

const ICCID = "8944500102198304826";

function fakeDb() {
  const findUnique = vi.fn(async () => null);
  return { db: { order: { findUnique } } as unknown as DbClient, findUnique };
}

describe("esimDeliveryUsage", () => {
  it("reads nothing before fulfillment", async () => {
    const { db, findUnique } = fakeDb();
    expect(await esimDeliveryUsage(db, { id: "o1", status: "placed", fulfillment: { iccid: ICCID } })).toBeNull();
    expect(findUnique).not.toHaveBeenCalled();
  });

  it("reads nothing for a fulfilled order with nothing to install", async () => {
    const { db, findUnique } = fakeDb();
    expect(await esimDeliveryUsage(db, { id: "o1", status: "fulfilled", fulfillment: {} })).toBeNull();
    expect(findUnique).not.toHaveBeenCalled();
  });

  it("reads the remaining data of a fulfilled eSIM", async () => {
    const { db, findUnique } = fakeDb();
    const usage = await esimDeliveryUsage(db, { id: "o1", status: "fulfilled", fulfillment: { iccid: ICCID } });
    expect(usage).toEqual({ usage: null, asked: false, failed: false });
    expect(findUnique).toHaveBeenCalledWith(expect.objectContaining({ where: { id: "o1" } }));
  });
});

import { describe, expect, it } from "vitest";
import { readUnlockDetail, unlockDetailSchema, unlockOrderDetail } from "./detail";
import type { ToolView, UnlockSelection } from "./types";

const selection: Omit<UnlockSelection, "tools"> = {
  device: { id: 7, brandId: 1, brandName: "Apple", name: "iPhone 13", imageUrl: null, description: "" },
  country: { id: 826, name: "United Kingdom" } as UnlockSelection["country"],
  network: { id: 31, countryId: 826, name: "EE" } as UnlockSelection["network"],
};
const tool = {
  id: 12,
  name: "Factory",
  serviceName: "PIN-Protected Unlock",
  guaranteedTime: { min: 1, max: 3, type: "days" },
} as ToolView;

describe("the unlock order's detail", () => {
  it("reads back what the sale step wrote, for placement and for the pages", () => {
    const written = JSON.parse(
      JSON.stringify(unlockOrderDetail(selection, tool, "490154203237518", { pin: "PIN1234ABCD" })),
    );
    expect(unlockDetailSchema.parse(written)).toMatchObject({
      deviceId: 7,
      networkId: 31,
      toolId: 12,
      imei: "490154203237518",
      suffixes: { pin: "PIN1234ABCD" },
      guaranteedTimeType: "days",
    });
    expect(readUnlockDetail(written)).toEqual({
      imei: "490154203237518",
      suffixes: { pin: "PIN1234ABCD" },
      guaranteedTimeType: "days",
      unlock: {
        brandName: "Apple",
        deviceName: "iPhone 13",
        countryName: "United Kingdom",
        networkName: "EE",
        toolName: "PIN-Protected Unlock",
        guaranteedTime: { min: 1, max: 3, type: "days" },
      },
    });
  });

  it("shows nothing of a malformed detail, and never throws", () => {
    for (const malformed of [null, undefined, "x", 42, [], { imei: 5, unlock: "Apple", suffixes: "pin" }]) {
      expect(() => readUnlockDetail(malformed)).not.toThrow();
      expect(Object.values(readUnlockDetail(malformed)).filter((v) => v !== undefined)).toEqual([]);
    }
    expect(readUnlockDetail({ imei: "490154203237518", unlock: { deviceName: 3, networkName: "EE" } })).toMatchObject({
      imei: "490154203237518",
      unlock: { networkName: "EE" },
    });
    expect(unlockDetailSchema.safeParse({ imei: "490154203237518" }).success).toBe(false);
  });
});

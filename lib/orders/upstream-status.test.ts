import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "@/lib/log";
import { KNOWN_UPSTREAM_STATUSES, mapCommerceStatus, mapUnlockStatus } from "./upstream-status";

afterEach(() => vi.restoreAllMocks());

describe("commerce statuses → lifecycle", () => {
  it.each([
    ["awaiting_payment", "credits", "awaiting_payment"],
    ["processing", "credits", "placed"],
    ["pending", "credits", "placed"],
    ["fulfilled", "credits", "fulfilled"],
    ["completed", "credits", "fulfilled"],
    ["failed", "credits", "failed"],
    ["refunded", "credits", "failed"],
    ["refunded", "payment_link", "refunded"],
    ["expired", "payment_link", "cancelled"],
    ["MANUAL_REVISION", "credits", "needs_attention"],
    ["manual_revision", "credits", "needs_attention"],
    ["Fulfilled", "credits", "fulfilled"],
  ] as const)("%s (%s) → %s", (raw, mode, status) => {
    const warn = vi.spyOn(logger, "warn");
    expect(mapCommerceStatus(raw, mode)).toMatchObject({ status, known: true });
    expect(warn).not.toHaveBeenCalled();
  });

  it("maps every status it lists as known", () => {
    for (const raw of KNOWN_UPSTREAM_STATUSES.commerce) expect(mapCommerceStatus(raw).known).toBe(true);
  });

  it("gives dead ends a reason", () => {
    for (const raw of ["failed", "refunded", "expired", "MANUAL_REVISION"])
      expect(mapCommerceStatus(raw).reason).toBeTruthy();
  });

  it("treats an unknown status as in progress and logs it", () => {
    const warn = vi.spyOn(logger, "warn");
    expect(mapCommerceStatus("on_hold")).toEqual({ status: "placed", known: false });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ upstream: "commerce", status: "on_hold" }),
      expect.any(String),
    );
  });
});

describe("unlock statuses → lifecycle", () => {
  it.each([
    ["open", "placed"],
    ["pending", "placed"],
    ["available", "fulfilled"],
    ["canceled", "cancelled"],
    ["cancelled", "cancelled"],
    ["notavailable", "failed"],
    ["error", "failed"],
    ["NotAvailable", "failed"],
  ] as const)("%s → %s", (raw, status) => {
    expect(mapUnlockStatus(raw)).toMatchObject({ status, known: true });
  });

  it("maps every status it lists as known", () => {
    for (const raw of KNOWN_UPSTREAM_STATUSES.unlock) expect(mapUnlockStatus(raw).known).toBe(true);
  });

  it("treats an unknown status as in progress and logs it", () => {
    const warn = vi.spyOn(logger, "warn");
    expect(mapUnlockStatus("processing")).toEqual({ status: "placed", known: false });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ upstream: "unlock", status: "processing" }),
      expect.any(String),
    );
  });
});

import { describe, expect, it } from "vitest";
import { formatHowto } from "./instructions";
import { imeiCheckPurchaseLines } from "@/lib/products/imeicheck/lines";
import { unlockPurchaseLines } from "./lines";
import { cancelMsLeft, formatCountdown, UNLOCK_CANCEL_WINDOW_MS } from "@/lib/products/unlock/cancel-window";
import { guaranteedTimeText, htmlToText, successPercent } from "./text";

describe("unlock page text", () => {
  it("shows the guaranteed time with its unit, or Instant", () => {
    expect(guaranteedTimeText({ min: 1, max: 3, type: "days" })).toBe("1–3 days");
    expect(guaranteedTimeText({ min: 10, max: 45, type: "minutes" })).toBe("10–45 minutes");
    expect(guaranteedTimeText({ min: 1, max: 1, type: "weeks" })).toBe("1 week");
    expect(guaranteedTimeText({ min: 0, max: 0, type: "instant" })).toBe("Instant");
  });

  it("shows the success ratio as a percentage", () => {
    expect(successPercent(0.96)).toBe("96%");
    expect(successPercent(1)).toBe("100%");
  });

  it("turns the supplier's HTML into text, markup never survives", () => {
    expect(htmlToText("<p>Apple <strong>iPhone&nbsp;13</strong> &amp; more</p><script>alert(1)</script>")).toBe(
      "Apple iPhone 13 & more",
    );
    expect(htmlToText('<img src=x onerror="alert(1)">Hi')).toBe("Hi");
  });
});

describe("unlock instructions", () => {
  it("splits the howto into a paragraph and numbered steps and marks the unlock code", () => {
    const blocks = formatHowto(
      "Unlock instructions for Nokia 3310:\n1. Switch the phone off.\r\n2. Enter this unlock code exactly: 1234567890123456\n\n3. Done.",
    );
    expect(blocks).toEqual([
      { kind: "paragraph", parts: ["Unlock instructions for Nokia 3310:"] },
      {
        kind: "ordered",
        items: [
          ["Switch the phone off."],
          ["Enter this unlock code exactly: ", { code: "1234567890123456" }],
          ["Done."],
        ],
      },
    ]);
  });

  it("keeps bullets as a list and plain lines as paragraphs", () => {
    expect(formatHowto("- one\n- two\nthen")).toEqual([
      { kind: "bulleted", items: [["one"], ["two"]] },
      { kind: "paragraph", parts: ["then"] },
    ]);
  });
});

describe("cancel window", () => {
  it("counts down 10 minutes from placement and stops at zero", () => {
    const placed = new Date("2026-01-01T10:00:00Z");
    expect(cancelMsLeft(placed, new Date("2026-01-01T10:00:00Z"))).toBe(UNLOCK_CANCEL_WINDOW_MS);
    expect(cancelMsLeft(placed, new Date("2026-01-01T10:09:55Z"))).toBe(5_000);
    expect(cancelMsLeft(placed, new Date("2026-01-01T10:11:00Z"))).toBe(0);
    expect(formatCountdown(9 * 60_000 + 5_000)).toBe("9:05");
    expect(formatCountdown(400)).toBe("0:01");
  });
});

describe("order page readers", () => {
  it("shows what was bought without the suffix values (a phone PIN among them)", () => {
    const lines = unlockPurchaseLines({
      imei: "490154203237518",
      suffixes: { pin: "PIN1234ABCD", sn: "SNAB12-C3456" },
      unlock: {
        brandName: "Apple",
        deviceName: "iPhone 13",
        networkName: "EE",
        countryName: "United Kingdom",
        toolName: "PIN-Protected Unlock",
      },
    });
    expect(lines).toEqual([
      { label: "Device", value: "Apple iPhone 13" },
      { label: "Locked to", value: "EE (United Kingdom)" },
      { label: "Service", value: "PIN-Protected Unlock" },
      { label: "IMEI", value: "490154203237518" },
      { label: "Extra details given", value: "Serial number, Phone PIN" },
    ]);
    expect(JSON.stringify(lines)).not.toContain("PIN1234ABCD");
    expect(imeiCheckPurchaseLines({ imei: "x" })).toEqual([]);
  });
});

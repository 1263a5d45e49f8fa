import { describe, expect, it } from "vitest";
import { dateText } from "./date-text";

describe("dateText", () => {
  const instant = new Date("2026-11-27T01:05:09.000Z");

  it("writes a UTC instant the way en-GB's medium date and short time do", () => {
    const intl = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
      instant,
    );
    expect(dateText(instant, { utc: true })).toBe("27 Nov 2026, 01:05");
    expect(dateText(instant, { utc: true })).toBe(intl);
    expect(dateText(instant, { utc: true, withTime: false })).toBe("27 Nov 2026");
  });

  it("writes Spanish the way es-ES's medium date and short time do, every month", () => {
    for (let month = 0; month < 12; month++) {
      const date = new Date(Date.UTC(2026, month, 3, 9, 7));
      const intl = new Intl.DateTimeFormat("es-ES", {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: "UTC",
      }).format(date);
      expect(dateText(date, { utc: true, locale: "es" })).toBe(intl);
    }
  });

  it("uses the local time zone by default", () => {
    const local = new Date(2026, 0, 3, 9, 7);
    expect(dateText(local)).toBe("3 Jan 2026, 09:07");
    expect(dateText(local, { withTime: false })).toBe("3 Jan 2026");
  });

  it("writes midnight and the last minute of the year with two-digit hours", () => {
    expect(dateText(new Date("2026-12-31T23:59:00Z"), { utc: true })).toBe("31 Dec 2026, 23:59");
    expect(dateText(new Date("2027-01-01T00:00:00Z"), { utc: true })).toBe("1 Jan 2027, 00:00");
  });
});

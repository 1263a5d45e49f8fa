import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-redirect";

describe("safeNextPath", () => {
  it("keeps same-site paths", () => {
    expect(safeNextPath("/orders/abc?x=1")).toBe("/orders/abc?x=1");
  });
  it("refuses other sites and odd values", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      undefined,
      42,
    ]) {
      expect(safeNextPath(bad)).toBe("/account");
    }
  });
});

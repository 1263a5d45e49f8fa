import { afterEach, describe, expect, it, vi } from "vitest";
import { alternateLinks } from "./alternates";

describe("alternateLinks", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("names the page in every language and English as the default, with the shop's address", () => {
    vi.stubEnv("APP_URL", "https://shop.example/");
    expect(alternateLinks("/topup/es")).toBe(
      '<https://shop.example/topup/es>; rel="alternate"; hreflang="en", <https://shop.example/es/topup/es>; rel="alternate"; hreflang="es", <https://shop.example/topup/es>; rel="alternate"; hreflang="x-default"',
    );
    expect(alternateLinks("/")).toContain('<https://shop.example/es>; rel="alternate"; hreflang="es"');
  });

  it("gives an over-long path none, so the answer's headers stay small", () => {
    expect(alternateLinks(`/${"x".repeat(4000)}`)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { deviceKindOf } from "./device";

describe("deviceKindOf", () => {
  it("tells an iPhone, an Android phone and a computer apart", () => {
    expect(
      deviceKindOf(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("ios");
    expect(
      deviceKindOf(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
      ),
    ).toBe("android");
    expect(
      deviceKindOf(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      ),
    ).toBe("desktop");
    expect(
      deviceKindOf(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
      ),
    ).toBe("desktop");
    expect(deviceKindOf(undefined)).toBe("desktop");
  });
});

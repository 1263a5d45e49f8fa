import { describe, expect, it } from "vitest";
import { apiKeyEnvironment, maskApiId, parseApiKey } from "./auth";

describe("apiKeyEnvironment", () => {
  it("tells sandbox from production by the api_id prefix", () => {
    expect(apiKeyEnvironment("test_shop00000000000000000001")).toBe("sandbox");
    expect(apiKeyEnvironment("live_shop00000000000000000001")).toBe("production");
  });
  it("does not guess for any other prefix", () => {
    expect(apiKeyEnvironment("prod_shop00000000000000000001")).toBe("unknown");
    expect(apiKeyEnvironment("TEST_shop00000000000000000001")).toBe("unknown");
    expect(apiKeyEnvironment("")).toBe("unknown");
  });
});

describe("parseApiKey", () => {
  it("splits api_id:api_secret", () => {
    expect(parseApiKey("live_shop00000000000000000001:sk_shoplive000000000000000000000001")).toEqual({
      apiId: "live_shop00000000000000000001",
      apiSecret: "sk_shoplive000000000000000000000001",
    });
  });
  it.each(["", "no-colon", ":sk_only", "live_only:", "a:b:c", "live x:sk"])("refuses %j", (value) => {
    expect(parseApiKey(value)).toBeNull();
  });
});

describe("maskApiId", () => {
  it("hides the middle of the id", () => {
    expect(maskApiId("live_shop00000000000000000001")).toBe("live_shop…0001");
    expect(maskApiId("live_shop00000000000000000001")).not.toContain("00000000");
  });
});

import { describe, expect, it } from "vitest";
import { unlockCredentialHeaders } from "./headers";

describe("unlock credential headers", () => {
  it("send the spec's names or the live service's", () => {
    expect(unlockCredentialHeaders("spec", "k", "s")).toEqual({ SVC_KEY: "k", SVC_SECRET: "s" });
    expect(unlockCredentialHeaders("live", "k", "s")).toEqual({ DSIM_KEY: "k", DSIM_SECRET: "s" });
  });
});

import { describe, expect, it } from "vitest";
import { isNextSignal } from "./next-signal";
import { userFailureOf } from "./user-message";

const dynamicUsage = () =>
  Object.assign(new Error("Dynamic server usage: Route / couldn't be rendered statically"), {
    digest: "DYNAMIC_SERVER_USAGE",
  });

describe("Next.js's signals", () => {
  it("are told apart from failures by their digest", () => {
    expect(isNextSignal(dynamicUsage())).toBe(true);
    expect(isNextSignal(new Error("Dynamic server usage"))).toBe(false);
    expect(isNextSignal(Object.assign(new Error("x"), { digest: "NEXT_NOT_FOUND" }))).toBe(false);
    expect(isNextSignal(null)).toBe(false);
  });

  it("go through the user-message boundary unwrapped, while a real failure becomes its fallback", () => {
    const signal = dynamicUsage();
    expect(() => userFailureOf(signal, "catalog read (unlock brands)", "We could not load the brands.")).toThrow(
      signal,
    );
    expect(
      userFailureOf(new Error("database locked"), "catalog read (unlock brands)", "We could not load the brands."),
    ).toEqual({ ok: false, error: "We could not load the brands." });
  });
});

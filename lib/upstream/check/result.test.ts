import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UpstreamError } from "../errors";
import { resultOf, resultText } from "./result";

// How a failed call reads in the go-live check's table: the path names the field as it sits in
// the answer, an absent field (in every branch of a union too) is "missing", anything else "wrong type".

function validation(api: "commerce" | "unlock", schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("expected a failure");
  return new UpstreamError({
    api,
    kind: "validation",
    code: "INVALID_RESPONSE",
    message: "contract",
    cause: parsed.error,
  });
}

const text = z.union([z.string(), z.number(), z.null()]);
const countries = z.array(z.object({ iso_short_code: z.string(), operators_count: z.number().optional() }));

describe("go-live results", () => {
  it("names a missing field by its path in the answer, under data for commerce and res for unlocking", () => {
    expect(resultText(resultOf(validation("commerce", countries, [{ iso_code: "gb" }])))).toBe(
      "missing field data[0].iso_short_code",
    );
    expect(
      resultText(
        resultOf(validation("unlock", z.record(z.string(), z.object({ brand: text })), { "1": { title: "Apple" } })),
      ),
    ).toBe("missing field res.1.brand");
  });

  it("says wrong type for a field that is there with another type", () => {
    expect(
      resultText(resultOf(validation("commerce", countries, [{ iso_short_code: "gb", operators_count: "3" }]))),
    ).toBe("wrong type data[0].operators_count");
    expect(resultText(resultOf(validation("unlock", z.object({ brand: text }), { brand: { name: "Apple" } })))).toBe(
      "wrong type res.brand",
    );
  });

  it("words refusals, unreachable hosts, a spent budget and missing credentials", () => {
    expect(
      resultText(
        resultOf(
          new UpstreamError({ api: "commerce", kind: "api", code: "INSUFFICIENT_SCOPE", status: 403, message: "m" }),
        ),
      ),
    ).toBe("refused 403");
    expect(
      resultText(resultOf(new UpstreamError({ api: "unlock", kind: "network", code: "ECONNREFUSED", message: "m" }))),
    ).toBe("unreachable");
    expect(
      resultText(resultOf(new UpstreamError({ api: "commerce", kind: "timeout", code: "TIMEOUT", message: "m" }))),
    ).toBe("unreachable");
    expect(
      resultOf(new UpstreamError({ api: "commerce", kind: "network", code: "BUDGET_EXHAUSTED", message: "m" })),
    ).toEqual({ kind: "budget_spent" });
    expect(
      resultText(
        resultOf(new UpstreamError({ api: "commerce", kind: "config", code: "NOT_CONFIGURED", message: "m" })),
      ),
    ).toBe("not configured");
    expect(
      resultText(
        resultOf(
          new UpstreamError({ api: "commerce", kind: "validation", code: "INVALID_RESPONSE", message: "not JSON" }),
        ),
      ),
    ).toMatch(/^wrong type /);
  });
});

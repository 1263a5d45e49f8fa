import { describe, expect, it } from "vitest";
import { imeiProblem } from "@/lib/validation/imei";
import { imeiProblemOf } from "./imei-problem";

describe("the IMEI rule as a problem to word", () => {
  it("names each of the rule's refusals, and nothing the rule accepts", () => {
    const cases: Array<[string, ReturnType<typeof imeiProblemOf>, string | null]> = [
      ["", { key: "empty" }, "Enter the 15-digit IMEI"],
      ["49015420323751x", { key: "digitsOnly" }, "digits only"],
      ["4901542032375", { key: "length", count: 13 }, "this one has 13"],
      ["490154203237519", { key: "checkDigit" }, "check digit"],
      ["490154203237518", null, null],
    ];
    for (const [imei, problem, english] of cases) {
      expect(imeiProblemOf(imei), imei).toEqual(problem);
      if (english === null) expect(imeiProblem(imei)).toBeNull();
      else expect(imeiProblem(imei)).toContain(english);
    }
  });
});

import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layer rule of eslint.config.mjs, proved on deliberate violations: `npm run lint` fails
// when lib/ imports a route, UI, the emulator or a test harness, and passes the same imports
// where they are allowed.

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath });
  return results
    .flatMap((result) => result.messages)
    .filter((m) => m.ruleId === "no-restricted-imports")
    .map((m) => m.message);
}

describe("layers (eslint.config.mjs)", { timeout: 60_000 }, () => {
  it("refuses routes, UI, the emulator and test harnesses in lib/", async () => {
    const code = [
      'import { loadOperatorOffer } from "@/app/[locale]/(shop)/topup/page";',
      'import { Button } from "@/components/ui/button";',
      'import { startEmulator } from "@/emulator/app";',
      'import { startTestEmulator } from "@/testing/orders";',
      'import { route } from "../../app/api/health/route";',
      "export const all = [loadOperatorOffer, Button, startEmulator, startTestEmulator, route];",
    ].join("\n");
    const messages = await restrictedImports("lib/orders/deliberate-violation.ts", code);
    expect(messages).toHaveLength(5);
    expect(messages[0]).toContain("lib/ is the service layer");
  });

  it("lets lib/ import lib/, and lets its tests use the emulator but not routes or UI", async () => {
    expect(
      await restrictedImports("lib/orders/fine.ts", 'import { db } from "@/lib/db";\nexport const x = db;\n'),
    ).toEqual([]);
    expect(
      await restrictedImports(
        "lib/orders/fine.int.test.ts",
        'import { startEmulator } from "@/emulator/app";\nexport const x = startEmulator;\n',
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        "lib/orders/bad.int.test.ts",
        'import { GET } from "@/app/api/health/route";\nexport const x = GET;\n',
      ),
    ).toHaveLength(1);
  });

  it("keeps the emulator apart from the shop's routes and UI", async () => {
    expect(
      await restrictedImports(
        "emulator/core/deliberate-violation.ts",
        'import { Button } from "@/components/ui/button";\nexport const x = Button;\n',
      ),
    ).toHaveLength(1);
  });
});

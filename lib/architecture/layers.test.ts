import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layer rules of eslint.config.mjs, proved on deliberate violations: `npm run lint` fails
// when lib/ imports a route, UI, the emulator (but its sandbox constants) or a test harness, or
// when the emulator package imports the shop, or when a component imports a route, the database
// (but its types), the emulator or a test harness, and passes the same imports where they are allowed.

const eslint = new ESLint({ cwd: process.cwd() });

const LAYER_RULES = ["no-restricted-imports", "@typescript-eslint/no-restricted-imports", "import/no-restricted-paths"];

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath });
  return results
    .flatMap((result) => result.messages)
    .filter((m) => m.ruleId !== null && LAYER_RULES.includes(m.ruleId))
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
      'import { createEmulator } from "@relay/emulator";',
      'import { emulatorControl } from "@relay/emulator/control";',
      'import { SANDBOX_UNLOCK_KEY } from "../../emulator/sandbox";',
      "export const all = [loadOperatorOffer, Button, startEmulator, startTestEmulator, route, createEmulator, emulatorControl, SANDBOX_UNLOCK_KEY];",
    ].join("\n");
    const messages = await restrictedImports("lib/orders/deliberate-violation.ts", code);
    expect(messages).toHaveLength(8);
    expect(messages[0]).toContain("lib/ is the service layer");
  });

  it("lets lib/ import the emulator package's sandbox constants, and nothing else of it", async () => {
    expect(
      await restrictedImports(
        "lib/upstream/connection/fine.ts",
        'import { EMBEDDED_UNLOCK_KEY } from "@relay/emulator/sandbox";\nexport const x = EMBEDDED_UNLOCK_KEY;\n',
      ),
    ).toEqual([]);
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

  it("keeps the emulator package apart from the shop, by alias or by relative path", async () => {
    const code = [
      'import { Button } from "@/components/ui/button";',
      'import { db } from "@/lib/db";',
      'import { sendUpstream } from "../../lib/upstream/http";',
      'import { startTestEmulator } from "../../testing/orders";',
      "export const all = [Button, db, sendUpstream, startTestEmulator];",
    ].join("\n");
    const messages = await restrictedImports("emulator/core/deliberate-violation.ts", code);
    expect(messages).toHaveLength(4);
    expect(messages[0]).toContain("a package of its own");
    expect(
      await restrictedImports(
        "emulator/commerce/orders/fine.ts",
        'import { Hono } from "hono";\nimport { startEmulator } from "../../app";\nimport { EMBEDDED_COMMERCE_KEY } from "../../sandbox";\nexport const x = [Hono, startEmulator, EMBEDDED_COMMERCE_KEY];\n',
      ),
    ).toEqual([]);
  });

  it("refuses routes, the database, the emulator and test harnesses in components/", async () => {
    const code = [
      'import { refundOrderAction } from "@/app/admin/(dashboard)/orders/[ref]/actions";',
      'import type { PlaceResult } from "@/app/admin/(dashboard)/pos/actions";',
      'import { saveNumberAction } from "../../../app/[locale]/(shop)/account/saved-numbers-actions";',
      'import { db } from "@/lib/db";',
      'import { OrderStatus } from "@/lib/db/generated/sqlite/enums";',
      'import { startEmulator } from "@/emulator/app";',
      'import { createEmulator } from "@relay/emulator";',
      'import { startTestEmulator } from "@/testing/orders";',
      "export const all = [refundOrderAction, saveNumberAction, db, OrderStatus, startEmulator, createEmulator, startTestEmulator];",
      "export type Placed = PlaceResult;",
    ].join("\n");
    const messages = await restrictedImports("components/admin/orders/deliberate-violation.tsx", code);
    expect(messages).toHaveLength(8);
    expect(messages[0]).toContain("components/ is UI");
    expect(messages[3]).toContain("components/ never reads the database");
    expect(messages[4]).toContain("components/ never reads the database");
  });

  it("lets components/ import lib/ and the database's types", async () => {
    const code = [
      'import type { Order } from "@/lib/db/generated/sqlite/client";',
      'import type { OrderStatus } from "@/lib/db/generated/sqlite/enums";',
      'import type { StaffFormAction } from "@/lib/admin/action-state";',
      'import { formatMoney } from "@/lib/money";',
      'import { Button } from "@/components/ui/button";',
      "export const all = [formatMoney, Button];",
      "export type All = [Order, OrderStatus, StaffFormAction];",
    ].join("\n");
    expect(await restrictedImports("components/admin/orders/fine.tsx", code)).toEqual([]);
  });
});

import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator } from "../app";
import { emulatorControl } from "../control-client";
import { waitFor } from "../commerce/orders/test-support/harness";
import { placeOrder, realOrderBodies, tempStateFile } from "./test-support";

// The `slow_answer` fault handles a request at once and holds its answer: the effect must be
// in the state file while the answer is still held (a kill then loses the answer, not the order).

const state = tempStateFile();
afterAll(() => state.remove());

/** The order ids the state file holds, read as another process would (read-only). */
function savedOrderIds(): string[] {
  const db = new Database(state.file, { readonly: true });
  try {
    return db
      .prepare<[], { key: string }>("SELECT key FROM records WHERE part = 'commerce.orders' AND key LIKE 'order:%'")
      .all()
      .map((r) => r.key.slice("order:".length));
  } finally {
    db.close();
  }
}

describe("state file: a held answer", () => {
  it("slow_answer: the order is in the file before its answer leaves", async () => {
    const emu = await startEmulator(0, { controls: true, stateFile: state.file });
    try {
      const bodies = await realOrderBodies(emu.url);
      // Realistic timings: no background task (the order's fulfillment is 15 s away) falls due
      // and saves during the hold; only the request's own save can put the order in the file.
      const controls = emulatorControl(emu.url);
      await controls.setConfig({ realistic: true });
      await controls.addFault({ method: "POST", path: "/v2/orders", kind: "slow_answer", latencyMs: 3_000, times: 1 });
      let answered = false;
      const held = placeOrder(emu.url, bodies.topup).then((res) => ((answered = true), res));
      const saved = await waitFor(async () => savedOrderIds()[0], 2_000);
      expect(answered).toBe(false);
      expect((await held).body.data.order_id).toBe(saved);
    } finally {
      await emu.close();
    }
  });
});

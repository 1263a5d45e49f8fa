import { describe, expect, it } from "vitest";
import { readRawBody, REJECTED_PREFIX_BYTES } from "./read-body";

const request = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://shop.test/hook", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("readRawBody", () => {
  it("gives a body up to the cap exactly as sent, with its size in bytes", async () => {
    const text = `{"name":"café ${"x".repeat(90)}"}`;
    expect(await readRawBody(request(text), 200)).toEqual({ ok: true, text, bytes: Buffer.byteLength(text) });
    const exact = "y".repeat(200);
    expect(await readRawBody(request(exact), 200)).toEqual({ ok: true, text: exact, bytes: 200 });
    expect(await readRawBody(new Request("http://shop.test/hook", { method: "POST" }))).toEqual({
      ok: true,
      text: "",
      bytes: 0,
    });
  });

  it("refuses one byte over the cap, keeping the first 1 KiB", async () => {
    const text = "z".repeat(5_001);
    expect(await readRawBody(request(text), 5_000)).toEqual({
      ok: false,
      prefix: "z".repeat(REJECTED_PREFIX_BYTES),
      bytes: 5_001,
    });
  });

  it("refuses a declared oversize body after reading only the prefix, and reports the declared size", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(512).fill(0x62));
      },
    });
    const result = await readRawBody(request(stream, { "content-length": "10000000" }), 5_000);
    expect(result).toEqual({ ok: false, prefix: "b".repeat(REJECTED_PREFIX_BYTES), bytes: 10_000_000 });
    expect(pulled).toBeLessThanOrEqual(4);
  });
});

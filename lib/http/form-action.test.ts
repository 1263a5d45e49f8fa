import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UpstreamError } from "@/lib/upstream/errors";
import { fieldsOf, formAction } from "./form-action";

type State = { ok?: boolean; message?: string; fieldErrors?: Record<string, string> };

function form(entries: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

function action(
  run: (input: { orderId: string }) => Promise<State>,
  auth: () => Promise<string> = async () => "staff",
) {
  return formAction<string, { orderId: string }, State>(
    {
      auth,
      input: z.object({ orderId: z.string("Say which order.").min(1, "Say which order.") }),
      refuse: ({ message, fieldErrors }) => ({ ok: false, message, fieldErrors }),
      what: "test action",
      fallback: "That did not work.",
    },
    run,
  );
}

describe("a form's server action", () => {
  it("checks who calls before it reads anything that was sent", async () => {
    const read: string[] = [];
    const spy = new Proxy(form([["orderId", "o1"]]), {
      get(target, key) {
        read.push(String(key));
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const refused = action(
      async () => ({ ok: true }),
      async () => {
        throw new Error("signed out");
      },
    );
    await expect(refused({}, spy)).rejects.toThrow("signed out");
    expect(read).toEqual([]);
  });

  it("answers 404 (Next's not-found signal) when it is not posted a form", async () => {
    const run = action(async () => ({ ok: true }));
    await expect(run({}, 42 as unknown as FormData)).rejects.toMatchObject({
      digest: expect.stringContaining("404"),
    });
  });

  it("refuses a form its schema refuses, with the message and the field's", async () => {
    let ran = false;
    const run = action(async () => {
      ran = true;
      return { ok: true };
    });
    expect(await run({}, form([]))).toEqual({
      ok: false,
      message: "Say which order.",
      fieldErrors: { orderId: "Say which order." },
    });
    expect(ran).toBe(false);
  });

  it("hands the parsed fields and the caller to the work", async () => {
    const run = formAction<string, { orderId: string }, State>(
      {
        auth: async () => "ana@example.com",
        input: z.object({ orderId: z.string() }),
        refuse: ({ message }) => ({ ok: false, message }),
        what: "test action",
        fallback: "That did not work.",
      },
      async ({ orderId }, actor) => ({ ok: true, message: `${actor} on ${orderId}` }),
    );
    expect(await run({}, form([["orderId", "o1"]]))).toEqual({ ok: true, message: "ana@example.com on o1" });
  });

  it("turns an upstream error into its own words and any other error into the fallback", async () => {
    const upstream = action(async () => {
      throw new UpstreamError({
        api: "commerce",
        kind: "api",
        code: "INSUFFICIENT_CREDITS",
        status: 402,
        message: "balance too low",
        userMessage: "The shop's supplier balance is too low.",
      });
    });
    expect(await upstream({}, form([["orderId", "o1"]]))).toEqual({
      ok: false,
      message: "The shop's supplier balance is too low.",
      fieldErrors: {},
    });

    const bug = action(async () => {
      throw new TypeError("x is undefined");
    });
    expect((await bug({}, form([["orderId", "o1"]]))).message).toBe("That did not work.");
  });

  it("lets Next.js's redirect through", async () => {
    const { redirect } = await import("next/navigation");
    const run = action(async () => redirect("/admin/orders"));
    await expect(run({}, form([["orderId", "o1"]]))).rejects.toMatchObject({
      digest: expect.stringContaining("NEXT_REDIRECT"),
    });
  });
});

describe("the fields of a form", () => {
  it("gives one value as text and a repeated name as a list, and leaves files out", () => {
    const data = form([
      ["url", "https://example.com"],
      ["events", "order.fulfilled"],
      ["events", "order.failed"],
    ]);
    data.append("upload", new Blob(["x"]), "x.txt");
    expect(fieldsOf(data)).toEqual({ url: "https://example.com", events: ["order.fulfilled", "order.failed"] });
  });
});

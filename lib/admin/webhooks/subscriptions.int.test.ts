import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { readSetting } from "@/lib/db/settings";
import { stubAppEnv } from "@/testing/app-env";
import type { CommerceClient } from "@/lib/upstream/commerce/client";
import { startCommerceEmulator, type CommerceEmulator } from "@/testing/commerce-emulator";

// Staff management of the shop's webhook subscriptions against the emulator (the shop's live
// key) and a real database: the https rule, the limit of five, the secret shown once and
// stored sealed, the shop's own receiver, and the audit trail.

const KEY = Buffer.alloc(32, 7).toString("base64");
const APP = "http://localhost:3000";
const actor = { id: "staff_1", email: "admin@example.com" };
let emu: CommerceEmulator;
let t: TestDatabase;
let api: CommerceClient;
let mod: typeof import("./subscriptions");
let settings: typeof import("@/lib/webhooks/settings");

beforeAll(async () => {
  [emu, t] = await Promise.all([startCommerceEmulator(), createTestDatabase()]);
  stubAppEnv({ databaseUrl: t.url, emulatorUrl: emu.url });
  api = emu.client();
  mod = await import("./subscriptions");
  settings = await import("@/lib/webhooks/settings");
  await t.db.user.create({ data: { id: actor.id, email: actor.email, role: "admin" } });
});
beforeEach(async () => {
  await emu.reset();
  await t.db.setting.deleteMany({ where: { key: { startsWith: "commerce.webhook." } } });
  await t.db.auditLog.deleteMany();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await emu.close();
  await t.cleanup();
});

const opts = () => ({ client: api, encryptionKey: KEY, appUrl: APP, actor });
const posts = async () => (await emu.counters())["POST /v2/webhooks"] ?? 0;

describe("webhook subscription management", () => {
  it("accepts https:// and loopback http:// only, and at least one known event", async () => {
    for (const url of ["http://example.com/hook", "ftp://example.com/hook", "not a url", "http://10.0.0.1/hook"]) {
      const result = await mod.createSubscription(t.db, { url, events: ["order.created"] }, opts());
      expect(result, url).toMatchObject({ ok: false, code: "INVALID_INPUT", field: "url" });
    }
    expect(await mod.createSubscription(t.db, { url: "https://example.com/hook", events: [] }, opts())).toMatchObject({
      ok: false,
      field: "events",
    });
    expect(
      await mod.createSubscription(t.db, { url: "https://example.com/hook", events: ["order.deleted"] }, opts()),
    ).toMatchObject({ ok: false, field: "events" });
    expect(await posts()).toBe(0);
    expect(
      await mod.createSubscription(t.db, { url: "http://127.0.0.1:9/hook", events: ["order.failed"] }, opts()),
    ).toMatchObject({ ok: true });
    expect(
      await mod.createSubscription(
        t.db,
        { url: "https://example.com/hook", events: ["order.created", "order.fulfilled"] },
        opts(),
      ),
    ).toMatchObject({ ok: true });
  });

  it("refuses a sixth subscription before asking the upstream", async () => {
    for (let i = 0; i < mod.MAX_SUBSCRIPTIONS; i++) {
      expect(
        await mod.createSubscription(t.db, { url: `https://example.com/hook/${i}`, events: ["order.created"] }, opts()),
      ).toMatchObject({ ok: true });
    }
    expect(await posts()).toBe(5);
    const sixth = await mod.createSubscription(
      t.db,
      { url: "https://example.com/hook/6", events: ["order.created"] },
      opts(),
    );
    expect(sixth).toMatchObject({ ok: false, code: "WEBHOOK_LIMIT_REACHED" });
    expect(await posts()).toBe(5);
    expect(await api.listWebhooks()).toHaveLength(5);
  });

  it("returns the secret once, stores it sealed, and audits the creation without it", async () => {
    const result = await mod.createSubscription(
      t.db,
      { url: "https://example.com/hook", events: ["order.created"] },
      opts(),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.value.secret).toMatch(/^whsec_/);
    expect(result.value.isShopReceiver).toBe(false);
    const row = await t.db.setting.findUniqueOrThrow({
      where: { key: `commerce.webhook.extra.${result.value.webhook.id}.secret` },
    });
    expect(row.encrypted).toBe(true);
    expect(row.value).not.toContain(result.value.secret);
    const { openSecret } = await import("@/lib/crypto/secret-box");
    expect(openSecret(row.value, KEY)).toBe(result.value.secret);

    const [audit, ...more] = await t.db.auditLog.findMany();
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({
      action: "webhook.create",
      actorEmail: actor.email,
      targetId: result.value.webhook.id,
    });
    expect(JSON.stringify(audit)).not.toContain(result.value.secret);

    const [listed] = await mod.listSubscriptions(t.db, api);
    expect(listed).toMatchObject({ id: result.value.webhook.id, secretStored: true, isShopReceiver: false });
    expect(JSON.stringify(listed)).not.toContain("whsec_");
  });

  it("makes a subscription to the shop's receiver the shop's own when it holds none, so deliveries verify", async () => {
    const url = `${APP}/api/webhooks/commerce`;
    const result = await mod.createSubscription(
      t.db,
      { url, events: ["order.created", "order.fulfilled", "order.failed"] },
      opts(),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.value.isShopReceiver).toBe(true);
    expect(await readSetting(t.db, settings.WEBHOOK_SETTINGS.id)).toBe(result.value.webhook.id);
    expect(await settings.readCommerceWebhookSecret(t.db, KEY)).toBe(result.value.secret);
    // A second one to the same URL does not replace the working one.
    const second = await mod.createSubscription(t.db, { url, events: ["order.created"] }, opts());
    expect(second).toMatchObject({ ok: true, value: { isShopReceiver: false } });
    expect(await settings.readCommerceWebhookSecret(t.db, KEY)).toBe(result.value.secret);
  });

  it("deleting the shop's own subscription stops verifying deliveries at once, not after the receiver's cache lifetime", async () => {
    const { commerceReceiverSettings } = await import("@/lib/webhooks/receiver-settings");
    const created = await mod.createSubscription(
      t.db,
      { url: `${APP}/api/webhooks/commerce`, events: ["order.fulfilled"] },
      opts(),
    );
    if (!created.ok) throw new Error(created.message);
    // The receiver has read (and keeps for a few seconds) the secret it verifies with.
    expect((await commerceReceiverSettings(t.db, KEY)).secret).toBe(created.value.secret);
    expect(await mod.deleteSubscription(t.db, created.value.webhook.id, opts())).toMatchObject({
      ok: true,
      value: { wasShopReceiver: true },
    });
    expect((await commerceReceiverSettings(t.db, KEY)).secret).toBeNull();
  });

  it("edits URL, events and status with before/after in the audit log, and deletes with the stored secret", async () => {
    const created = await mod.createSubscription(
      t.db,
      { url: "https://example.com/a", events: ["order.created"] },
      opts(),
    );
    if (!created.ok) throw new Error(created.message);
    const id = created.value.webhook.id;
    expect(await mod.updateSubscription(t.db, id, { url: "http://example.com/b" }, opts())).toMatchObject({
      ok: false,
      field: "url",
    });
    expect(await mod.updateSubscription(t.db, id, {}, opts())).toMatchObject({ ok: false, code: "NOTHING_TO_CHANGE" });
    const updated = await mod.updateSubscription(
      t.db,
      id,
      { url: "https://example.com/b", events: ["order.failed"], status: "disabled" },
      opts(),
    );
    expect(updated).toMatchObject({
      ok: true,
      value: { url: "https://example.com/b", events: ["order.failed"], status: "disabled" },
    });
    const audit = await t.db.auditLog.findFirstOrThrow({ where: { action: "webhook.update" } });
    expect(audit.before).toEqual({ url: "https://example.com/a", events: ["order.created"], status: "active" });
    expect(audit.after).toEqual({ url: "https://example.com/b", events: ["order.failed"], status: "disabled" });

    expect(await mod.deleteSubscription(t.db, id, opts())).toMatchObject({
      ok: true,
      value: { wasShopReceiver: false },
    });
    expect(await api.listWebhooks()).toHaveLength(0);
    expect(await t.db.setting.findUnique({ where: { key: `commerce.webhook.extra.${id}.secret` } })).toBeNull();
    expect(await t.db.auditLog.count({ where: { action: "webhook.delete", targetId: id } })).toBe(1);
  });
});

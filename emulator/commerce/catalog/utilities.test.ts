import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOOPBACK_LOCATION } from "./routes/utilities";
import { startCatalogEmulator, type CatalogHarness } from "./testing";

let h: CatalogHarness;
beforeAll(async () => {
  h = await startCatalogEmulator();
});
afterAll(() => h.close());

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

describe("§4 Status and utilities", () => {
  it("§4 GET /status: health check without auth", async () => {
    const { status, body } = await h.v2<{ status: string; services: Record<string, string> }>("/status", {
      auth: null,
    });
    expect(status).toBe(200);
    expect(body.data.status).toBe("ok");
    expect(body.data.services.esim).toBe("operational");
  });

  it("§4 GET /: v2 root with discovery links, without auth", async () => {
    const { status, body } = await h.request<{ version: string; links: Record<string, string> }>("/v2", { auth: null });
    expect(status).toBe(200);
    expect(body.data.version).toBe("v2");
    expect(body.data.links.status).toBe(`${h.emulator.url}/v2/status`);
    expect(body.data.links.topup_countries).toBe(`${h.emulator.url}/v2/topup/countries`);
    expect(body.data.links.protected_resource_metadata).toBe(
      `${h.emulator.url}/.well-known/oauth-protected-resource/v2`,
    );
    // The discovery links point at real routes.
    expect((await h.request(new URL(body.data.links.giftcard_brands!).pathname)).status).toBe(200);
  });

  it("§4 GET /geo: IP geolocation; loopback answers the fixed documented location", async () => {
    const { status, body } = await h.v2<Record<string, unknown>>("/geo");
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      ip: "127.0.0.1",
      country_iso: LOOPBACK_LOCATION.iso,
      iso_short_code: "es",
      city: "Madrid",
      country_name: "Spain",
      id_country: 724,
    });
    const other = await h.v2<{ ip: string; country_iso: string; source: string }>("/geo?ip=8.8.8.8");
    expect(other.body.data.ip).toBe("8.8.8.8");
    expect(other.body.data.country_iso).toMatch(/^[a-z]{2}$/);
    expect(other.body.data.source).toBe("emulator-hash");
    expect((await h.v2("/geo?ip=not-an-ip")).status).toBe(400);
  });

  it("§4/§5 GET /geo needs authentication", async () => {
    expect((await h.v2("/geo", { auth: null })).status).toBe(401);
  });
});

describe("§7 envelope and §5 authentication on the catalogs", () => {
  it("§7 success envelope: success, data, error null, meta.request_id and meta.timestamp (ISO 8601 UTC)", async () => {
    const { body } = await h.v2("/topup/service-types");
    expect(body.success).toBe(true);
    expect(body.error).toBeNull();
    expect(typeof body.meta.request_id).toBe("string");
    expect(body.meta.request_id.length).toBeGreaterThan(4);
    expect(body.meta.timestamp).toMatch(ISO_UTC);
    const again = await h.v2("/topup/service-types");
    expect(again.body.meta.request_id).not.toBe(body.meta.request_id);
  });

  it("§7 error envelope: success false, data null, error code and message, meta", async () => {
    const { status, body } = await h.v2("/topup/operators/42/rates");
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, data: null, error: { code: "OPERATOR_NOT_FOUND" } });
    expect(typeof body.error?.message).toBe("string");
    expect(body.meta.timestamp).toMatch(ISO_UTC);
    const bad = await h.v2("/topup/countries?limit=zero");
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe("VALIDATION_ERROR");
  });

  it("§5 discovery 1: a catalog call without credentials gets 401 with WWW-Authenticate: Bearer resource_metadata", async () => {
    for (const path of [
      "/topup/countries",
      "/topup/operators",
      "/esim/destinations",
      "/esim/products",
      "/giftcards/brands",
      "/giftcards/countries",
      "/topup/carriers/lookup/+447400123456",
    ]) {
      const { status, headers, body } = await h.v2(path, { auth: null });
      expect(status, path).toBe(401);
      expect(headers.get("www-authenticate")).toBe(
        `Bearer resource_metadata="${h.emulator.url}/.well-known/oauth-protected-resource/v2"`,
      );
      expect(body.success).toBe(false);
    }
  });

  it("§5 a wrong secret or unknown key is 401; the catalog is open to every valid key (orders:read)", async () => {
    expect(
      (await h.v2("/topup/countries", { auth: "Bearer test_shop00000000000000000001:sk_wrong" })).body.error?.code,
    ).toBe("INVALID_API_SECRET");
    expect((await h.v2("/topup/countries", { auth: "Bearer nobody:sk_x" })).status).toBe(401);
    expect(
      (
        await h.v2("/topup/countries", {
          auth: "Bearer live_entr00000000000000000001:sk_entrlive000000000000000000000001",
        })
      ).status,
    ).toBe(200);
  });
});

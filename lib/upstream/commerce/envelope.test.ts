import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { UpstreamError } from "../errors";
import type { UpstreamResponse } from "../http";
import { unwrap } from "./envelope";
import { CommerceApiError } from "./errors";
import { ratesResultSchema } from "./schemas";

const meta = { request_id: "req_1", timestamp: "2026-11-21T12:00:00Z" };
const answer = (status: number, body: unknown, headers: Record<string, string> = {}): UpstreamResponse => ({
  status,
  headers: new Headers(headers),
  body,
  attempts: 1,
});
const ROUTE = "GET /v2/topup/operators/{id}/rates";

function thrown(run: () => unknown): UpstreamError {
  try {
    run();
  } catch (error) {
    return error as UpstreamError;
  }
  throw new Error("expected a throw");
}

const rate = {
  token: "tp_1",
  product_name: "EE 5 GBP",
  service_fee_eur: "0.41",
  service_fee_usd: "0.44",
  total_cost_eur: "6.26",
  total_cost_usd: "6.76",
};

describe("unwrap: success", () => {
  it("returns the checked data, the meta and the request id", () => {
    const result = unwrap(
      ROUTE,
      answer(200, {
        success: true,
        data: { id_operator: 1000, operator_name: "EE", rates: [rate] },
        error: null,
        meta,
      }),
      ratesResultSchema,
    );
    expect(result.data.rates[0]!.total_cost_eur).toBe(626);
    expect(result.data.id_operator).toBe("1000");
    expect(result.requestId).toBe("req_1");
  });

  it("keeps fields the contract does not name", () => {
    const result = unwrap(
      ROUTE,
      answer(200, { success: true, data: { id_operator: "7", operator_name: "X", rates: [], brand_new: 1 }, meta }),
      ratesResultSchema,
    );
    expect(result.data).toMatchObject({ brand_new: 1 });
  });
});

describe("unwrap: contract mismatch", () => {
  it("names the path that failed", () => {
    const broken = { ...rate, total_cost_eur: undefined };
    const error = thrown(() =>
      unwrap(
        ROUTE,
        answer(200, { success: true, data: { id_operator: 1000, operator_name: "EE", rates: [rate, broken] }, meta }),
        ratesResultSchema,
      ),
    );
    expect(error).toMatchObject({ kind: "validation", code: "INVALID_RESPONSE", requestId: "req_1", retryable: false });
    expect(error.message).toContain("data.rates[1].total_cost_eur");
    expect(error.message).toContain(ROUTE);
  });

  it("names a money field that is not an exact decimal", () => {
    const error = thrown(() =>
      unwrap(
        ROUTE,
        answer(200, {
          success: true,
          data: { id_operator: 1, operator_name: "EE", rates: [{ ...rate, service_fee_eur: "0.415" }] },
          meta,
        }),
        ratesResultSchema,
      ),
    );
    expect(error.message).toMatch(/data\.rates\[0\]\.service_fee_eur: .*more than 2 decimal places/);
  });

  it("refuses an answer that is not an envelope", () => {
    const error = thrown(() => unwrap(ROUTE, answer(200, { id_operator: 1 }), ratesResultSchema));
    expect(error).toMatchObject({ kind: "validation", code: "INVALID_RESPONSE" });
    expect(error.message).toContain("success");
  });
});

describe("unwrap: errors", () => {
  it("maps an error envelope to an api error with the upstream's code, status and extras", () => {
    const error = thrown(() =>
      unwrap(
        "GET /v2/balance",
        answer(403, {
          success: false,
          data: null,
          error: {
            code: "IP_NOT_ALLOWED",
            message: "not on the allowlist",
            client_ip: "203.0.113.9",
            next_step: "Add this IP",
          },
          meta,
        }),
        z.unknown(),
      ),
    );
    expect(error).toBeInstanceOf(CommerceApiError);
    expect(error).toMatchObject({
      kind: "api",
      code: "IP_NOT_ALLOWED",
      status: 403,
      requestId: "req_1",
      retryable: false,
      clientIp: "203.0.113.9",
      nextStep: "Add this IP",
    });
    expect(error.retryAfterMs).toBeUndefined();
  });

  it("reads both spellings of a code alike", () => {
    const spec = thrown(() =>
      unwrap(
        "GET /v2/balance",
        answer(403, { success: false, data: null, error: { code: "insufficient_scope", message: "" }, meta }),
        z.unknown(),
      ),
    );
    const live = thrown(() =>
      unwrap(
        "GET /v2/balance",
        answer(403, { success: false, data: null, error: { code: "INSUFFICIENT_SCOPE", message: "" }, meta }),
        z.unknown(),
      ),
    );
    expect(spec.canonicalCode).toBe(live.canonicalCode);
    expect(spec.code).toBe("insufficient_scope");
  });

  it("carries the wait a 429 asks for", () => {
    const error = thrown(() =>
      unwrap(
        "GET /v2/balance",
        answer(
          429,
          { success: false, data: null, error: { code: "rate_limited", message: "slow down" }, meta },
          { "Retry-After": "7" },
        ),
        z.unknown(),
      ),
    );
    expect(error).toMatchObject({ canonicalCode: "RATE_LIMIT_EXCEEDED", retryAfterMs: 7_000, retryable: true });
  });

  it("maps an error without an envelope by its HTTP status", () => {
    expect(thrown(() => unwrap("GET /v2/balance", answer(502, undefined), z.unknown()))).toMatchObject({
      kind: "api",
      code: "HTTP_502",
      status: 502,
      retryable: true,
    });
    expect(
      thrown(() =>
        unwrap("GET /v2/balance", answer(401, { error: "invalid_token", error_description: "expired" }), z.unknown()),
      ),
    ).toMatchObject({
      code: "invalid_token",
      canonicalCode: "INVALID_TOKEN",
      status: 401,
    });
  });

  it("treats success:false as an error even with a 200", () => {
    expect(
      thrown(() =>
        unwrap(
          "GET /v2/balance",
          answer(200, { success: false, data: null, error: { code: "ORDER_NOT_FOUND" }, meta }),
          z.unknown(),
        ),
      ),
    ).toMatchObject({
      kind: "api",
      canonicalCode: "ORDER_NOT_FOUND",
    });
  });

  it("accepts an empty 2xx where no data is expected (DELETE)", () => {
    expect(unwrap("DELETE /v2/webhooks/{id}", answer(204, undefined), z.unknown()).data).toBeUndefined();
  });
});

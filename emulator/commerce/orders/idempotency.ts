import { createHash } from "node:crypto";
import type { Environment } from "../../core/accounts";
import type { Failure } from "./errors";
import type { OrderBody } from "./request-body";
import type { IdempotencyRecord } from "./records";
import type { OrdersState } from "./state";
import { IDEMPOTENCY_TTL_MS } from "./timings";

// upstream-notes: `Idempotency-Key` (1–128 printable ASCII); the same key on the same account
// within 24 h returns the original order without a second charge. Keys are scoped to the
// account and its environment (a sandbox key never replays a production order).

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const KEY_PATTERN = /^[\x20-\x7e]{1,128}$/;

export function readIdempotencyKey(
  header: string | undefined,
): { ok: true; key: string | null } | { ok: false; failure: Failure } {
  if (header === undefined) return { ok: true, key: null };
  if (!KEY_PATTERN.test(header)) {
    return {
      ok: false,
      failure: {
        code: "INVALID_IDEMPOTENCY_KEY",
        message: `${IDEMPOTENCY_HEADER} must be 1 to 128 printable ASCII characters`,
      },
    };
  }
  return { ok: true, key: header };
}

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined && v !== null)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, stable(v)]),
    );
  }
  return value;
}

/** Same meaning, same fingerprint: key order and absent-vs-null do not matter. */
export function fingerprintOf(body: OrderBody): string {
  return createHash("sha256")
    .update(JSON.stringify(stable(body)))
    .digest("hex");
}

export class IdempotencyStore {
  constructor(private readonly state: OrdersState) {}

  private scope(accountId: string, environment: Environment, key: string) {
    return `${accountId}|${environment}|${key}`;
  }

  /** The live record for this key, or undefined (records older than 24 h are forgotten). */
  find(accountId: string, environment: Environment, key: string, now: number): IdempotencyRecord | undefined {
    const id = this.scope(accountId, environment, key);
    const record = this.state.idempotency.get(id);
    if (record && now - record.createdAt >= IDEMPOTENCY_TTL_MS) {
      this.state.idempotency.delete(id);
      return undefined;
    }
    return record;
  }

  remember(accountId: string, environment: Environment, key: string, record: IdempotencyRecord): void {
    this.state.idempotency.set(this.scope(accountId, environment, key), record);
  }
}

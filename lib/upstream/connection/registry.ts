import type { DbClient } from "@/lib/db/create-client";
import { connectionKey, type ConnectionIdentity, type UpstreamApi } from "../connection-identity";

// The UpstreamConnection row behind a client's identity (lib/upstream/connection-identity.ts).
// Every order records the connection it was sent through; news is matched on (connection,
// upstream id). Rows are created on first use and never change, so ids are cached per process.
//
// Upgrades: orders placed before connections were recorded were given a "legacy" connection
// per API by the migration (20261123152832_upstream_connections). The first connection the app
// uses afterwards adopts that row: it is, in all but the rarest case, the same account as
// before the upgrade. docs/orders.md ("Upstream connections") says so for staff.

const LEGACY_KEY: Record<UpstreamApi, string> = { commerce: "commerce|legacy", unlock: "unlock|legacy" };

const cache = new WeakMap<DbClient, Map<string, string>>();

export async function connectionIdFor(db: DbClient, identity: ConnectionIdentity): Promise<string> {
  const key = connectionKey(identity);
  const known = cache.get(db) ?? new Map<string, string>();
  cache.set(db, known);
  const cached = known.get(key);
  if (cached) return cached;

  const data = {
    key,
    api: identity.api,
    baseUrl: identity.baseUrl,
    environment: identity.environment,
    account: identity.account,
  };
  let row = await db.upstreamConnection.findUnique({ where: { key }, select: { id: true } });
  if (!row) {
    const adopted = await db.upstreamConnection.updateMany({ where: { key: LEGACY_KEY[identity.api] }, data });
    row = adopted.count > 0 ? await db.upstreamConnection.findUnique({ where: { key }, select: { id: true } }) : null;
  }
  if (!row) {
    // Two instances may create it at the same moment: the loser reads the winner's row.
    row = await db.upstreamConnection.create({ data, select: { id: true } }).catch(async (error: unknown) => {
      const again = await db.upstreamConnection.findUnique({ where: { key }, select: { id: true } });
      if (again) return again;
      throw error;
    });
  }
  known.set(key, row.id);
  return row.id;
}

/** A short description for staff: "commerce · production · live_shop…0001 at https://api…". */
export function describeConnection(row: {
  api: string;
  environment: string;
  account: string;
  baseUrl: string;
}): string {
  const environment = row.environment && row.environment !== "-" ? ` · ${row.environment}` : "";
  return `${row.api}${environment} · ${row.account} at ${row.baseUrl || "an earlier setup"}`;
}

/**
 * Whether this connection has shown that it honours `Idempotency-Key` (an answer carried
 * `Idempotent-Replayed: true`). The documents define no such key (upstream-notes has it,
 * unconfirmed): until the live service has shown it, an unclear create is never re-sent.
 */
export async function honoursIdempotencyKey(db: DbClient, connectionId: string): Promise<boolean> {
  const row = await db.upstreamConnection.findUnique({
    where: { id: connectionId },
    select: { idempotencyHonouredAt: true },
  });
  return Boolean(row?.idempotencyHonouredAt);
}

/** Records the first replayed answer of a connection; later ones keep the first time. */
export async function recordIdempotencyHonoured(
  db: DbClient,
  connectionId: string,
  at: Date = new Date(),
): Promise<void> {
  await db.upstreamConnection.updateMany({
    where: { id: connectionId, idempotencyHonouredAt: null },
    data: { idempotencyHonouredAt: at },
  });
}

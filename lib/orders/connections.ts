import type { DbClient } from "@/lib/db/create-client";
import type { Order } from "@/lib/db/generated/sqlite/client";
import type { ConnectionIdentity } from "@/lib/upstream/connection-identity";
import { PRODUCT_MODULES } from "@/lib/products/registry";
import { connectionIdFor } from "@/lib/upstream/connection/registry";
import type { UpstreamClients } from "./clients";

// Orders and their upstream connection: an order is followed only through the connection it
// was sent through (lib/upstream/connection/registry.ts keeps the rows).

/** The connection the order's product is sent through right now. */
export async function currentConnectionId(
  db: DbClient,
  clients: UpstreamClients,
  productType: Order["productType"],
): Promise<string> {
  const identity =
    PRODUCT_MODULES[productType].upstream.api === "commerce"
      ? await clients.commerce.connection()
      : await clients.unlock.connection();
  return connectionIdFor(db, identity);
}

export type ConnectionCheck =
  { current: true; connectionId: string } | { current: false; connectionId: string; sentThrough: string | null };

/**
 * Whether calls about an order may go through the current connection: only when the order was
 * sent through it. Asking another account about the same id would read (or cancel) someone
 * else's order.
 */
export async function checkOrderConnection(
  db: DbClient,
  client: { connection(): Promise<ConnectionIdentity> },
  order: Pick<Order, "upstreamConnectionId">,
): Promise<ConnectionCheck> {
  const connectionId = await connectionIdFor(db, await client.connection());
  return order.upstreamConnectionId === connectionId
    ? { current: true, connectionId }
    : { current: false, connectionId, sentThrough: order.upstreamConnectionId };
}

/** For staff and logs when an order's connection is not the current one. */
export const OTHER_CONNECTION_NOTE =
  "This order was sent through an upstream connection that is not the current one; it cannot be followed through the current connection. Check it with the account it was placed with.";

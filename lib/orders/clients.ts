import type { CommerceClient } from "@/lib/upstream/commerce/client";
import type { UnlockClient } from "@/lib/upstream/unlock/client";

// The order core reaches the upstreams only through these two clients. Functions take them as
// an option (tests pass clients pointed at the in-process emulator); without one they use the
// app's singletons, loaded on first use so that importing the order core never reads the
// environment.

export type UpstreamClients = { commerce: CommerceClient; unlock: UnlockClient };

export async function appClients(): Promise<UpstreamClients> {
  const [{ commerceClient }, { unlockClient }] = await Promise.all([
    import("@/lib/upstream/commerce"),
    import("@/lib/upstream/unlock"),
  ]);
  return { commerce: commerceClient(), unlock: unlockClient() };
}

export async function resolveClients(clients?: Partial<UpstreamClients>): Promise<UpstreamClients> {
  if (clients?.commerce && clients.unlock) return clients as UpstreamClients;
  const app = await appClients();
  return { commerce: clients?.commerce ?? app.commerce, unlock: clients?.unlock ?? app.unlock };
}

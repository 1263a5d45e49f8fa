import { expect } from "@playwright/test";

// The emulator's test controls (emulator/README.md "Test controls"). Never reset: the app's
// webhook subscription lives in the emulator, so tests compare counters before and after.

export type LedgerEntry = {
  api: "commerce" | "unlock";
  account: string;
  kind: "debit" | "refund" | "topup";
  amountMinor: number;
  reference: string;
  simulated: boolean;
};
export type Delivery = {
  id: string;
  event_id: string;
  event_type: string;
  url: string;
  attempt: number;
  status_code: number | null;
  succeeded: boolean;
  request: { headers: Record<string, string>; body: string };
};
export type FaultRule = {
  method?: string;
  path: string;
  kind: "status" | "latency" | "slow_answer" | "timeout" | "malformed" | "reset";
  status?: number;
  latencyMs?: number;
  times?: number;
};

export class EmulatorControls {
  constructor(readonly url: string) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.url}/__control${path}`, {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(response.ok, `${method} /__control${path} answered ${response.status}`).toBe(true);
    return (await response.json()) as T;
  }

  async counters(): Promise<Record<string, number>> {
    return (await this.call<{ counters: Record<string, number> }>("GET", "/counters")).counters;
  }

  /** Per credential: its per-minute limit, its busiest real-time minute, and the calls refused (429). */
  async rateLimits(): Promise<Record<string, { limit: number; peakPerMinute: number; refused: number }>> {
    return (
      await this.call<{ usage: Record<string, { limit: number; peakPerMinute: number; refused: number }> }>(
        "GET",
        "/rate-limits",
      )
    ).usage;
  }

  /** Upstream order creations so far (POST /v2/orders, credits and payment-link alike). */
  async orderCreates(): Promise<number> {
    return (await this.counters())["POST /v2/orders"] ?? 0;
  }

  async ledger(): Promise<LedgerEntry[]> {
    return (await this.call<{ entries: LedgerEntry[] }>("GET", "/ledger")).entries;
  }

  async debitsFor(upstreamOrderId: string): Promise<LedgerEntry[]> {
    return (await this.ledger()).filter(
      (e) => e.api === "commerce" && e.kind === "debit" && e.reference === upstreamOrderId,
    );
  }

  /** Moves the emulator clock; background work that falls due (fulfillment, webhooks) runs first. */
  async advanceClock(ms: number): Promise<void> {
    await this.call("POST", "/clock", { advanceMs: ms });
  }

  async addFault(rule: FaultRule): Promise<void> {
    await this.call("POST", "/faults", rule);
  }

  async clearFaults(): Promise<void> {
    await this.call("DELETE", "/faults");
  }

  async deliveries(query: { event_type?: string; event_id?: string } = {}): Promise<Delivery[]> {
    const search = new URLSearchParams(Object.entries(query).filter(([, v]) => v) as Array<[string, string]>);
    return (await this.call<{ deliveries: Delivery[] }>("GET", `/commerce/deliveries?${search}`)).deliveries;
  }

  /** The supplier finishes an unlock ticket now, with its planned outcome. */
  async unlockReady(ticketId: string): Promise<void> {
    await this.call("POST", `/unlock/orders/${encodeURIComponent(ticketId)}/ready`);
  }

  /** Every unlock order the supplier holds (what its control panel lists), with the IMEI it was placed for. */
  async unlockOrders(): Promise<Array<{ id: number; status: string; imei: string }>> {
    return (await this.call<{ orders: Array<{ id: number; status: string; imei: string }> }>("GET", "/unlock/orders"))
      .orders;
  }

  /** Ends a processing upstream order now with the given outcome (sends its webhook event). */
  async settle(upstreamOrderId: string, outcome: "fulfill" | "fail" | "manual_revision"): Promise<void> {
    await this.call("POST", `/commerce/orders/${encodeURIComponent(upstreamOrderId)}/settle`, { outcome });
  }

  /** Switches of `PATCH /__control/config` (esimEnabled, advertisedIssuer, …). */
  async setConfig(patch: Record<string, unknown>): Promise<void> {
    await this.call("PATCH", "/config", patch);
  }

  /** What the PRO user does in the account settings: one refresh token stops working. */
  async revokeRefreshToken(refreshToken: string): Promise<void> {
    await this.call("POST", "/oauth/revoke", { refresh_token: refreshToken });
  }

  async oauthClients(): Promise<Array<{ client_id: string }>> {
    return (await this.call<{ clients: Array<{ client_id: string }> }>("GET", "/oauth/clients")).clients;
  }
}

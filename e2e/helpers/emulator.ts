import {
  emulatorControl,
  type DeliveryAttempt,
  type EmulatorControl,
  type FaultRuleInput,
  type LedgerEntry,
  type RateUsage,
} from "@relay/emulator/control";

// The emulator's test controls (emulator/README.md "Test controls"), through the package's
// control client. Never reset: the app's webhook subscription lives in the emulator, so tests
// compare counters before and after. A refused control call throws (ControlError), failing the test.

export type { LedgerEntry };
export type Delivery = DeliveryAttempt;
export type FaultRule = FaultRuleInput;

export class EmulatorControls {
  private readonly control: EmulatorControl;

  constructor(readonly url: string) {
    this.control = emulatorControl(url);
  }

  async counters(): Promise<Record<string, number>> {
    return this.control.counters();
  }

  /** Per credential: its per-minute limit, its busiest real-time minute, and the calls refused (429). */
  async rateLimits(): Promise<Record<string, RateUsage>> {
    return this.control.rateLimits();
  }

  /** Upstream order creations so far (POST /v2/orders, credits and payment-link alike). */
  async orderCreates(): Promise<number> {
    return (await this.counters())["POST /v2/orders"] ?? 0;
  }

  async ledger(): Promise<LedgerEntry[]> {
    return this.control.ledger();
  }

  async debitsFor(upstreamOrderId: string): Promise<LedgerEntry[]> {
    return (await this.ledger()).filter(
      (e) => e.api === "commerce" && e.kind === "debit" && e.reference === upstreamOrderId,
    );
  }

  /** Moves the emulator clock; background work that falls due (fulfillment, webhooks) runs first. */
  async advanceClock(ms: number): Promise<void> {
    await this.control.advanceClock(ms);
  }

  async addFault(rule: FaultRule): Promise<void> {
    await this.control.addFault(rule);
  }

  async clearFaults(): Promise<void> {
    await this.control.clearFaults();
  }

  async deliveries(query: { event_type?: string; event_id?: string } = {}): Promise<Delivery[]> {
    return this.control.commerce.deliveries(query);
  }

  /** The supplier finishes an unlock ticket now, with its planned outcome. */
  async unlockReady(ticketId: string): Promise<void> {
    await this.control.unlock.ready(ticketId);
  }

  /** Every unlock order the supplier holds (what its control panel lists), with the IMEI it was placed for. */
  async unlockOrders(): Promise<Array<{ id: number; status: string; imei: string }>> {
    return this.control.unlock.orders();
  }

  /** Ends a processing upstream order now with the given outcome (sends its webhook event). */
  async settle(upstreamOrderId: string, outcome: "fulfill" | "fail" | "manual_revision"): Promise<void> {
    await this.control.commerce.settle(upstreamOrderId, outcome);
  }

  /** Switches of `PATCH /__control/config` (esimEnabled, advertisedIssuer, …). */
  async setConfig(patch: Parameters<EmulatorControl["setConfig"]>[0]): Promise<void> {
    await this.control.setConfig(patch);
  }

  /** What the PRO user does in the account settings: one refresh token stops working. */
  async revokeRefreshToken(refreshToken: string): Promise<void> {
    await this.control.oauth.revoke({ refresh_token: refreshToken });
  }

  async oauthClients(): Promise<Array<{ client_id: string }>> {
    return this.control.oauth.clients();
  }
}

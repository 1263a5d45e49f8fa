import { randomBytes } from "node:crypto";
import { Clock } from "./clock";
import type { EmulatorConfig } from "./config";
import { CallCounters } from "./counters";
import { Faults } from "./faults";
import { Ledger } from "./ledger";
import { RateLimiter } from "./rate-limit";
import { Scheduler } from "./scheduler";

/**
 * Everything the emulator's modules share: settings, clock, background scheduler, the
 * credit ledger, call counters, injected faults, rate limits, and the key that signs
 * OAuth access tokens. Each API module keeps its own state and registers a reset hook.
 */
export class EmulatorContext {
  readonly clock = new Clock();
  readonly scheduler = new Scheduler(this.clock);
  readonly ledger = new Ledger();
  readonly counters = new CallCounters();
  readonly faults = new Faults();
  readonly rateLimiter = new RateLimiter();
  /** HS256 key for the JWT access tokens the authorization server issues and the API checks. */
  readonly tokenSigningKey = randomBytes(32);
  private resetHooks: Array<() => void> = [];

  constructor(public config: EmulatorConfig) {}

  onReset(hook: () => void): void {
    this.resetHooks.push(hook);
  }

  /** Back to the first-start state (same seed, same catalog; no orders, full balances). */
  reset(): void {
    this.clock.reset();
    this.scheduler.clear();
    this.ledger.clear();
    this.counters.clear();
    this.faults.clear();
    this.rateLimiter.clear();
    for (const hook of this.resetHooks) hook();
  }

  /** Timestamps in API answers: ISO 8601 UTC on the emulator clock. */
  isoNow(): string {
    return this.clock.date().toISOString();
  }
}

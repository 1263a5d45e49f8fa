import { Clock } from "./clock";
import type { EmulatorConfig } from "./config";
import { CallCounters } from "./counters";
import { Faults } from "./faults";
import { KeyRing } from "./keys";
import { Ledger, type LedgerEntry } from "./ledger";
import { RateLimiter } from "./rate-limit";
import { Scheduler } from "./scheduler";
import { StateParts, type StateRecords } from "./state-parts";
import { frozen, readList, readValue, records } from "./state-records";

/**
 * Everything the emulator's modules share: settings, clock, background scheduler, the
 * credit ledger, call counters, injected faults, rate limits, and the keys that sign what
 * clients keep. Each API module keeps its own state, registers it as a state part (saved in
 * the state file when there is one) and registers a reset hook.
 */
export class EmulatorContext {
  readonly clock = new Clock();
  readonly scheduler = new Scheduler(this.clock);
  readonly ledger = new Ledger();
  readonly counters = new CallCounters();
  readonly faults = new Faults();
  readonly rateLimiter = new RateLimiter();
  readonly keys = new KeyRing();
  readonly parts: StateParts;
  private resetHooks: Array<() => void> = [];

  /** `saved`: the parts of a state file, loaded as each part registers (none: a fresh emulator). */
  constructor(
    public config: EmulatorConfig,
    saved?: ReadonlyMap<string, StateRecords>,
  ) {
    this.parts = new StateParts(saved);
    // Keys first: modules read them while they register. Call counters, faults and rate-limit
    // windows are test and traffic aids, not state a client relies on: they stay in memory.
    this.parts.register({ name: "keys", dump: () => this.keys.dump(), load: (saved) => this.keys.load(saved) });
    this.parts.register({
      name: "clock",
      dump: () => records().value("offsetMs", this.clock.offset).records,
      load: (saved) => this.clock.setOffset(readValue<number>(saved, "offsetMs")),
    });
    this.parts.register({
      name: "ledger",
      dump: () => records().list("entry:", this.ledger.entries).records,
      load: (saved) => (this.ledger.entries = readList<LedgerEntry>(saved, "entry:").map(frozen)),
    });
    this.parts.register({
      name: "scheduler",
      dump: () => this.scheduler.dump(),
      load: (saved) => this.scheduler.load(saved),
    });
  }

  /** HS256 key for the JWT access tokens the authorization server issues and the API checks. */
  get tokenSigningKey(): Buffer {
    return this.keys.bytes("oauth.access-token");
  }

  onReset(hook: () => void): void {
    this.resetHooks.push(hook);
  }

  /** Back to the first-start state (same seed, same catalog; no orders, full balances). Keys are kept. */
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

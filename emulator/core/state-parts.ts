// The emulator's state as named parts of records. Every stateful module registers one part:
// `dump()` returns its whole state as records (a key → plain JSON data), `load()` puts such
// records back. Without a state file nothing ever calls them (tests keep their in-memory
// speed); with one, the persister (../persistence) writes the records that changed and a
// restart loads them. Records, rather than one blob per part, keep a save as small as the
// change: an order created writes that order, not every order.

/** Record key → JSON-serialisable value (no Maps, Buffers or class instances). In insertion order. */
export type StateRecords = Map<string, unknown>;

export type StatePart = {
  /** Unique per emulator, e.g. "commerce.orders". */
  name: string;
  dump(): StateRecords;
  /** Replaces the part's state with records `dump()` once returned (in the order it returned them). */
  load(records: StateRecords): void;
};

export class StateParts {
  private readonly parts = new Map<string, StatePart>();

  /**
   * `saved`: the parts read from a state file. A part is loaded the moment it registers, so
   * whatever a module builds after registering (and everything registered later, which may
   * read it, like keys) already sees the restored state.
   */
  constructor(private readonly saved: ReadonlyMap<string, StateRecords> = new Map()) {}

  register(part: StatePart): void {
    if (this.parts.has(part.name)) throw new Error(`state part "${part.name}" is registered twice`);
    this.parts.set(part.name, part);
    const records = this.saved.get(part.name);
    if (records) part.load(records);
  }

  all(): IterableIterator<StatePart> {
    return this.parts.values();
  }

  /** Saved parts no module claimed (e.g. a file written by a newer emulator). */
  unclaimed(): string[] {
    return [...this.saved.keys()].filter((name) => !this.parts.has(name));
  }
}

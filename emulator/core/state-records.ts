import type { StateRecords } from "./state-parts";

// Building a part's records from its Maps and lists, and reading them back. A collection's
// records share a prefix ("order:ord_100001", "entry:17"); single values get a key of their
// own ("seq"). Keys are plain strings, so they never collide across collections of a part.

/** Builds records from `[key, value]` pairs and collections, in the order given. */
export class RecordsBuilder {
  readonly records: StateRecords = new Map();

  value(key: string, value: unknown): this {
    this.records.set(key, value);
    return this;
  }

  /** Every entry of a Map as `${prefix}${key}`. */
  map(prefix: string, map: ReadonlyMap<string | number, unknown>): this {
    for (const [key, value] of map) this.records.set(`${prefix}${key}`, value);
    return this;
  }

  /** A list as `${prefix}${index}`: for append-only logs, where an entry's index never changes. */
  list(prefix: string, list: readonly unknown[]): this {
    list.forEach((value, index) => this.records.set(`${prefix}${index}`, value));
    return this;
  }
}

export const records = () => new RecordsBuilder();

/**
 * Deep-freezes a record that never changes once made (a log entry, a scheduled task). The
 * persister serialises a frozen object once and reuses its JSON, so append-only logs cost
 * nothing per save however long they grow; mutating one by mistake throws.
 */
export function frozen<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/** A single value (throws when the record is missing: the file is not one this emulator wrote). */
export function readValue<T>(records: StateRecords, key: string): T {
  if (!records.has(key)) throw new Error(`saved state lacks the record "${key}"`);
  return records.get(key) as T;
}

/** The `[key without prefix, value]` pairs of a collection, in saved order. */
export function readEntries<T>(records: StateRecords, prefix: string): Array<[string, T]> {
  const entries: Array<[string, T]> = [];
  for (const [key, value] of records) if (key.startsWith(prefix)) entries.push([key.slice(prefix.length), value as T]);
  return entries;
}

/** A list written by `list()`, in index order. */
export function readList<T>(records: StateRecords, prefix: string): T[] {
  return readEntries<T>(records, prefix)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, value]) => value);
}

import type { StateParts } from "../core/state-parts";
import type { RecordChanges, SavedRecords, StateFile } from "./state-file";

// Saves the emulator's state parts into its state file. A save serialises every record of
// every part and writes those whose JSON differs from what the file holds (and deletes the
// ones that are gone), all in one transaction; a request that changed nothing costs a
// serialisation and no write. Comparing the JSON, rather than trusting modules to flag their
// changes, cannot miss a change made anywhere (a read that moves an unlock order on, a
// lazily made key, a background task). Frozen records (logs, tasks: see `frozen()` in
// core/state-records.ts) cannot change, so their JSON is made once and remembered.

export class StatePersister {
  /** The JSON of each record as the file holds it, per part. */
  private readonly written: SavedRecords;
  private closed = false;
  private readonly frozenJson = new WeakMap<object, string>();

  constructor(
    private readonly parts: StateParts,
    private readonly file: StateFile,
    written: SavedRecords,
  ) {
    this.written = new Map([...written].map(([part, records]) => [part, new Map(records)]));
  }

  /** Writes whatever changed since the last save. Throws when the file cannot be written. */
  save(): void {
    if (this.closed) return;
    const changes: RecordChanges = { upserts: [], deletes: [] };
    for (const part of this.parts.all()) {
      const written = this.written.get(part.name) ?? new Map<string, string>();
      const current = part.dump();
      for (const [key, value] of current) {
        const json = this.json(value);
        if (json !== written.get(key)) changes.upserts.push([part.name, key, json]);
      }
      for (const key of written.keys()) if (!current.has(key)) changes.deletes.push([part.name, key]);
    }
    if (changes.upserts.length === 0 && changes.deletes.length === 0) return;
    this.file.write(changes);
    // Only once the transaction committed does the file hold them.
    for (const [part, key] of changes.deletes) this.written.get(part)!.delete(key);
    for (const [part, key, json] of changes.upserts) {
      let records = this.written.get(part);
      if (!records) this.written.set(part, (records = new Map()));
      records.set(key, json);
    }
  }

  private json(value: unknown): string {
    if (value === null || typeof value !== "object" || !Object.isFrozen(value)) return JSON.stringify(value);
    let json = this.frozenJson.get(value);
    if (json === undefined) this.frozenJson.set(value, (json = JSON.stringify(value)));
    return json;
  }

  /** Closes the file; later saves (a background task finishing after close) do nothing. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.file.close();
  }
}

import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";

// The state file: one SQLite database (better-sqlite3) holding the records of the emulator's
// state parts as JSON rows, plus a few facts about the file itself (meta). WAL journal, and
// every save is one transaction: a process killed mid-save leaves the previous state, and a
// committed save survives a kill -9 (synchronous=NORMAL is durable against a process crash
// in WAL mode; only a power loss could take the last commits back, which an emulator can afford).

/** Bumped when the shape of saved records changes incompatibly. */
export const STATE_FORMAT = "1";

// Rows are read back in rowid order: a record keeps its rowid when it is updated, so a
// part's collections come back in the order their entries were first saved (Map order).
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS records (part TEXT NOT NULL, key TEXT NOT NULL, json TEXT NOT NULL, UNIQUE (part, key));
`;

/** part → (record key → JSON text). */
export type SavedRecords = Map<string, Map<string, string>>;
export type RecordChanges = {
  upserts: Array<[part: string, key: string, json: string]>;
  deletes: Array<[part: string, key: string]>;
};

export class StateFile {
  private readonly db: Database.Database;
  private readonly writeChanges: (changes: RecordChanges) => void;
  /** Made when the file is created; kept for the file's life, resets included. */
  readonly instanceId: string;

  /** Opens (or creates, with its folder) the state file of an emulator built from `seed`. */
  constructor(
    readonly path: string,
    seed: number,
  ) {
    mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    try {
      this.db.pragma("journal_mode = WAL");
      this.db.pragma("synchronous = NORMAL");
      this.db.pragma("busy_timeout = 5000");
      this.instanceId = this.prepare(seed);
    } catch (error) {
      this.db.close();
      throw error;
    }
    const upsert = this.db.prepare<[string, string, string]>(
      "INSERT INTO records (part, key, json) VALUES (?, ?, ?) ON CONFLICT (part, key) DO UPDATE SET json = excluded.json",
    );
    const remove = this.db.prepare<[string, string]>("DELETE FROM records WHERE part = ? AND key = ?");
    this.writeChanges = this.db.transaction(({ upserts, deletes }: RecordChanges) => {
      for (const [part, key] of deletes) remove.run(part, key);
      for (const [part, key, json] of upserts) upsert.run(part, key, json);
    });
  }

  /** Creates the tables and the instance id on first use; refuses a file this emulator cannot read. */
  private prepare(seed: number): string {
    return this.db.transaction(() => {
      this.db.exec(SCHEMA);
      const insert = this.db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)");
      insert.run("instance_id", randomUUID());
      insert.run("format", STATE_FORMAT);
      insert.run("seed", String(seed));
      insert.run("created_at", new Date().toISOString());
      const meta = new Map(
        this.db
          .prepare<[], { key: string; value: string }>("SELECT key, value FROM meta")
          .all()
          .map((r) => [r.key, r.value]),
      );
      if (meta.get("format") !== STATE_FORMAT) {
        throw new Error(
          `${this.path} holds emulator state in format ${meta.get("format")}, this emulator reads format ${STATE_FORMAT}; delete the file to start afresh`,
        );
      }
      // Saved orders name catalog items (tokens, operators) of the seed they were made with.
      if (meta.get("seed") !== String(seed)) {
        throw new Error(
          `${this.path} holds the state of an emulator with seed ${meta.get("seed")}, not ${seed}; delete the file or use that seed`,
        );
      }
      return meta.get("instance_id")!;
    })();
  }

  /** Every saved record, per part, in the order they were first saved. */
  read(): SavedRecords {
    const saved: SavedRecords = new Map();
    for (const row of this.db
      .prepare<[], { part: string; key: string; json: string }>("SELECT part, key, json FROM records ORDER BY rowid")
      .iterate()) {
      let part = saved.get(row.part);
      if (!part) saved.set(row.part, (part = new Map()));
      part.set(row.key, row.json);
    }
    return saved;
  }

  /** Applies the changes in one transaction: all of them or, if the process dies, none. */
  write(changes: RecordChanges): void {
    this.writeChanges(changes);
  }

  close(): void {
    this.db.close();
  }
}

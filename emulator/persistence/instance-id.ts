import { existsSync } from "node:fs";
import Database from "better-sqlite3";

/**
 * The instance id kept in an emulator's state file: made when the file was created, kept
 * across restarts and resets. A shop that stored it can tell "the same upstream, restarted"
 * from "a new upstream that never saw my orders". Opens the file read-only (safe while the
 * emulator runs); null when there is no file or no id in it.
 */
export function readEmulatorInstanceId(stateFile: string): string | null {
  if (!existsSync(stateFile)) return null;
  let db: Database.Database | undefined;
  try {
    db = new Database(stateFile, { readonly: true, fileMustExist: true });
    const row = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'instance_id'").get();
    return row?.value ?? null;
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

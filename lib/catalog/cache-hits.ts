import type { DbClient } from "@/lib/db/create-client";
import { logger } from "@/lib/log";

// Hit counts are for the staff's cache page, not for correctness, so a cached read must not
// pay a database write for them: hits are added up in memory and written in one increment
// per key every few seconds (and before the entries are listed). A crash loses a few seconds
// of counts, which is fine.
export class HitCounter {
  private pending = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly db: DbClient,
    private readonly flushAfterMs: number,
  ) {}

  add(key: string): void {
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushAfterMs);
      // Never keep a process (a script, a test run) alive just to write hit counts.
      this.timer.unref?.();
    }
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending];
    this.pending.clear();
    await Promise.all(
      batch.map(([key, hits]) =>
        // updateMany: an entry invalidated meanwhile is simply gone, not an error.
        this.db.catalogCacheEntry
          .updateMany({ where: { key }, data: { hits: { increment: hits } } })
          .catch((error: unknown) => logger.warn({ err: error, key }, "catalog cache: hit count not written")),
      ),
    );
  }
}

// Fixed one-minute windows per credential, on the emulator clock. The answer carries the
// spec's X-RateLimit-* headers; X-RateLimit-Reset is the Unix time (seconds) the window ends.
export type RateDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetAt: number;
  retryAfterSeconds: number;
};

/**
 * What a credential used, for tests (/__control/rate-limits): its limit, the most calls it made in
 * one minute of real time (not the emulator clock, which tests move on), and how many were refused.
 */
export type RateUsage = { limit: number; peakPerMinute: number; refused: number };

export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();
  private usage = new Map<string, RateUsage & { wallStart: number; wallCount: number }>();

  check(key: string, limit: number, now: number): RateDecision {
    const start = Math.floor(now / 60_000) * 60_000;
    const window = this.windows.get(key);
    const current = window && window.start === start ? window : { start, count: 0 };
    current.count++;
    this.windows.set(key, current);
    this.record(key, limit, current.count > limit);
    const resetAt = Math.ceil((start + 60_000) / 1000);
    return {
      allowed: current.count <= limit,
      limit,
      remaining: Math.max(0, limit - current.count),
      resetAt,
      retryAfterSeconds: Math.max(1, resetAt - Math.floor(now / 1000)),
    };
  }

  private record(key: string, limit: number, refused: boolean): void {
    const wallStart = Math.floor(Date.now() / 60_000) * 60_000;
    const usage = this.usage.get(key) ?? { limit, peakPerMinute: 0, refused: 0, wallStart, wallCount: 0 };
    if (usage.wallStart !== wallStart) Object.assign(usage, { wallStart, wallCount: 0 });
    usage.wallCount++;
    usage.limit = limit;
    usage.peakPerMinute = Math.max(usage.peakPerMinute, usage.wallCount);
    if (refused) usage.refused++;
    this.usage.set(key, usage);
  }

  usageSnapshot(): Record<string, RateUsage> {
    return Object.fromEntries(
      [...this.usage].map(([key, { limit, peakPerMinute, refused }]) => [key, { limit, peakPerMinute, refused }]),
    );
  }

  clear(): void {
    this.windows.clear();
    this.usage.clear();
  }
}

export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(decision.limit),
    "X-RateLimit-Remaining": String(decision.remaining),
    "X-RateLimit-Reset": String(decision.resetAt),
  };
}

// Fixed one-minute windows per credential, on the emulator clock. The answer carries the
// spec's X-RateLimit-* headers; X-RateLimit-Reset is the Unix time (seconds) the window ends.
export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetAt: number; retryAfterSeconds: number };

export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  check(key: string, limit: number, now: number): RateDecision {
    const start = Math.floor(now / 60_000) * 60_000;
    const window = this.windows.get(key);
    const current = window && window.start === start ? window : { start, count: 0 };
    current.count++;
    this.windows.set(key, current);
    const resetAt = Math.ceil((start + 60_000) / 1000);
    return {
      allowed: current.count <= limit,
      limit,
      remaining: Math.max(0, limit - current.count),
      resetAt,
      retryAfterSeconds: Math.max(1, resetAt - Math.floor(now / 1000)),
    };
  }

  clear(): void {
    this.windows.clear();
  }
}

export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(decision.limit),
    "X-RateLimit-Remaining": String(decision.remaining),
    "X-RateLimit-Reset": String(decision.resetAt),
  };
}

// How long to wait between attempts: exponential backoff with full jitter and a cap, unless
// the upstream said when to come back (Retry-After seconds or an X-RateLimit-Reset time).

export type RetryPolicy = {
  /** Attempts in all, the first one included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Longest wait for a rate limit to reset before giving up (catalog reads keep this short). */
  maxRateLimitWaitMs: number;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
  maxRateLimitWaitMs: 30_000,
};

export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}

/**
 * Milliseconds the upstream asked us to wait, from `Retry-After` (seconds or an HTTP date)
 * or `X-RateLimit-Reset` (Unix seconds, or seconds-to-wait when small), or undefined.
 */
export function requestedWaitMs(headers: Headers, now: number = Date.now()): number | undefined {
  const retryAfter = headers.get("retry-after");
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = Number(headers.get("x-ratelimit-reset"));
  if (Number.isFinite(reset) && reset > 0) {
    // Epoch seconds are ~1.7e9; anything small is a relative number of seconds.
    return reset > 1e9 ? Math.max(0, reset * 1000 - now) : reset * 1000;
  }
  return undefined;
}

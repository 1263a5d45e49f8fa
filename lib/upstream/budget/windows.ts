// Fixed one-minute windows, as the upstreams count them (commerce X-RateLimit-Reset is the end
// of the current minute window). Every instance derives the same window from the clock, so
// they all count into the same database row.
export const WINDOW_MS = 60_000;

export function windowStartOf(now: number): number {
  return Math.floor(now / WINDOW_MS) * WINDOW_MS;
}

export function msUntilNextWindow(now: number): number {
  return windowStartOf(now) + WINDOW_MS - now;
}

// Next.js's own signals travel as thrown errors: a no-store fetch while Next prerenders a route
// throws its DynamicServerError, which tells Next the route is dynamic. They are not failures:
// code that catches "any error" must throw them on, unwrapped and unlogged (else every build
// logs them as failed upstream calls and failed catalog reads). Known by the digest, so
// that code also run outside Next.js (the worker, scripts) need not import Next.js.
export function isNextSignal(error: unknown): boolean {
  return (error as { digest?: unknown } | null)?.digest === "DYNAMIC_SERVER_USAGE";
}

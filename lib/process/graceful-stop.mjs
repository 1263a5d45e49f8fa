// A graceful stop of a shop process (docs/deploy.md "Stopping"): on SIGTERM, scripts/serve.mjs
// and scripts/worker.ts stop taking new work and wait, for a bounded time, for the work in
// flight (requests, and upstream creates whose answer must be recorded) before they exit.
//
// One registry per process, kept on globalThis: scripts/serve.mjs imports this file as it is,
// while Next.js bundles its own copy into the server code that places orders; both must see
// the same work. Plain JavaScript: serve.mjs runs on Node.js alone.

const KEY = Symbol.for("relay.gracefulStop");

/** How long a stop waits for the work in flight: inside the common 30 s stop timeouts of systemd units and containers. */
export const STOP_GRACE_MS = 25_000;

/**
 * @typedef {{ work: Set<Promise<unknown>>, hooks: Set<() => Promise<unknown> | unknown>, stopping: boolean }} Registry
 * @returns {Registry}
 */
function registry() {
  const holder = /** @type {Record<symbol, Registry | undefined>} */ (/** @type {unknown} */ (globalThis));
  return (holder[KEY] ??= { work: new Set(), hooks: new Set(), stopping: false });
}

/**
 * Counts `work` as in flight until it settles: a stop waits for it. Answers `work` itself.
 * @template T
 * @param {Promise<T>} work
 * @returns {Promise<T>}
 */
export function trackWork(work) {
  const { work: inFlight } = registry();
  inFlight.add(work);
  const done = () => void inFlight.delete(work);
  work.then(done, done);
  return work;
}

/**
 * Runs `hook` when the process stops (e.g. a worker loop that finishes its round); the stop
 * waits for what it answers. Answers a function that removes it.
 * @param {() => Promise<unknown> | unknown} hook
 */
export function onStop(hook) {
  const { hooks } = registry();
  hooks.add(hook);
  return () => void hooks.delete(hook);
}

/** True once a stop has begun: no new upstream work should start (it would be cut off). */
export function isStopping() {
  return registry().stopping;
}

/** How many tracked pieces of work are in flight. */
export function workInFlight() {
  return registry().work.size;
}

/**
 * Begins the stop: runs the stop hooks, then waits until they, the tracked work and whatever
 * `pending()` counts (the server's open requests) are all done, or `graceMs` has passed.
 * Answers true when everything finished in time.
 * @param {{ graceMs?: number, pending?: () => number, pollMs?: number }} [options]
 * @returns {Promise<boolean>}
 */
export async function stopGracefully(options = {}) {
  const { graceMs = STOP_GRACE_MS, pending = () => 0, pollMs = 50 } = options;
  const state = registry();
  state.stopping = true;
  const deadline = Date.now() + graceMs;
  const hooks = Promise.allSettled([...state.hooks].map(async (hook) => hook()));
  let hooksDone = false;
  void hooks.then(() => (hooksDone = true));
  // Polled rather than awaited once: a request that finishes may start tracked work (a payment
  // answered, then its order placed), which must be waited for too.
  while (Date.now() < deadline) {
    if (hooksDone && state.work.size === 0 && pending() === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return false;
}

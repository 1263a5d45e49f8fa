// `npm run worker`: the order worker as its own process, for scale (several may run, on
// several machines: they share the work through leases in the database). Same environment as
// the app (.env, and for the embedded SQLite default the generated secrets). Run with the
// react-server condition so server-only modules load:
//   node --conditions=react-server --import tsx scripts/worker.ts
// (node itself rather than the tsx command, so systemd's SIGTERM reaches the worker at once).
import { prepareScriptEnv } from "./script-env.ts";

prepareScriptEnv();
// With no upstream configured, the app talks to the embedded emulator (started by npm start).

// Imported only now: these modules read the environment prepared above.
const { recordUpstreamHealth } = await import("../lib/upstream/connection/health.ts");
recordUpstreamHealth();
// startAppWorker registers the worker's stop (lib/process/graceful-stop.mjs).
const { startAppWorker } = await import("../lib/fulfilment/app-worker.ts");
const { STOP_GRACE_MS, stopGracefully } = await import("../lib/process/graceful-stop.mjs");
const { logger } = await import("../lib/log.ts");

// Listening before the worker starts: a stop that comes as it announces itself is a clean stop too.
// SIGTERM or SIGINT: no new round; the round in progress finishes (its upstream creates are
// answered and recorded, its leases released) for up to STOP_GRACE_MS, then the worker leaves
// (docs/deploy.md "Stopping"). A repeated SIGTERM changes nothing; a SIGINT meanwhile leaves at once.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) {
      if (signal === "SIGINT") process.exit(1);
      return;
    }
    stopping = true;
    void stopGracefully().then(
      (finished) => {
        if (!finished) logger.error({ graceMs: STOP_GRACE_MS }, "order worker stopped with work still in flight");
        process.exit(finished ? 0 : 1);
      },
      () => process.exit(1),
    );
  });
}
await startAppWorker("standalone");

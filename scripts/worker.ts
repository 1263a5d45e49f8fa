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
const { startAppWorker, stopAppWorker } = await import("../lib/fulfilment/app-worker.ts");

// Listening before the worker starts: a stop that comes as it announces itself is a clean stop too.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // Finish the round in progress (leases are released), then leave.
    void stopAppWorker().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
await startAppWorker("standalone");

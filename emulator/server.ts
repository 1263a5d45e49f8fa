// `npm run emulator`: the sandbox of both upstream APIs as a standalone server.
import { startEmulator } from "./app";
import { configFromEnv } from "./core/config";

const port = Number(process.env.EMULATOR_PORT ?? 4010);
const config = configFromEnv(process.env, port);
const emulator = await startEmulator(port, config);
console.log(
  `Emulator listening at ${emulator.url} (commerce v2 at /v2, unlocking API at /, OAuth at ${config.authBaseUrl}` +
    `${config.controls ? ", test controls at /__control" : ""})` +
    (config.stateFile ? `; state in ${config.stateFile} (instance ${emulator.instanceId})` : "; state in memory only"),
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void emulator.close().then(() => process.exit(0)));
}

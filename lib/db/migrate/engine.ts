// Prisma's schema engine, compiled to WebAssembly. Prisma's CLI would download a native engine
// binary for `migrate`, which is impossible here (and on air-gapped servers); the WASM build
// ships in the npm package @prisma/schema-engine-wasm and talks to the database through a JS
// driver adapter instead of its own connections.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as bindings from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { SchemaEngine, SchemaFilter } from "@prisma/schema-engine-wasm/schema_engine_bg";
import { adapterFactoryFor } from "./adapters";

export type { SchemaEngine };

/** We manage no external tables or enums: every table of the database belongs to the schema. */
export const NO_FILTER: SchemaFilter = { externalTables: [], externalEnums: [] };

/**
 * Runs `work` with a schema engine connected to the database at `url`, then frees the engine and
 * closes the connections, whatever happens. Engine errors come out as short, readable Errors.
 */
export async function withSchemaEngine<T>(url: string, work: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  loadWasm();
  const adapters = adapterFactoryFor(url);
  let engine: SchemaEngine | undefined;
  liveEngines += 1;
  try {
    engine = await bindings.SchemaEngine.new(
      // No datamodel: each command gets the schema or migrations it needs as input.
      { datamodels: undefined },
      logEngineMessage,
      bindMigrationAwareSqlAdapterFactory(adapters.factory),
    );
    return await work(engine);
  } catch (error) {
    throw readableEngineError(error);
  } finally {
    freeQuietly(engine);
    liveEngines -= 1;
    if (liveEngines === 0) clearEngineTimers();
    await adapters.close();
  }
}

/** A crashed engine may fail to free itself too; the error that crashed it is the one to report. */
function freeQuietly(engine: SchemaEngine | undefined): void {
  try {
    engine?.free();
  } catch {
    // Nothing more to release: the WASM instance is unusable anyway.
  }
}

let wasmLoaded = false;
let lastPanic: string | undefined;

/**
 * Node 20 cannot `import` a .wasm file (the package's own entry point does that), so instantiate
 * the module by hand: the wasm-bindgen glue file is both the import object the module expects
 * (under the name "./schema_engine_bg.js") and the JS API that calls into it once it is set.
 */
function loadWasm(): void {
  if (wasmLoaded) return;
  const require = createRequire(import.meta.url);
  const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const wasmModule = new WebAssembly.Module(readFileSync(join(dirname(gluePath), "schema_engine_bg.wasm")));
  const instance = new WebAssembly.Instance(wasmModule, { "./schema_engine_bg.js": withTrackedTimers(bindings) });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  // The engine's panic hook reports the panic message through this global before it aborts.
  (globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown }).PRISMA_WASM_PANIC_REGISTRY = {
    set_message: (message: string) => (lastPanic = message),
  };
  wasmLoaded = true;
}

let liveEngines = 0;
const engineTimers = new Set<ReturnType<typeof setTimeout>>();

/**
 * The engine arms timeouts (10 s) around its PostgreSQL work and never cancels them, which kept
 * the CLI alive for 10 s after it was done. Its glue has no clearTimeout, so route its
 * setTimeout through a registry we can clear once no engine is left to wait on those timers.
 */
function withTrackedTimers(glue: typeof bindings): WebAssembly.ModuleImports {
  const imports: Record<string, unknown> = { ...glue };
  for (const name of Object.keys(glue).filter((key) => key.startsWith("__wbg_setTimeout_"))) {
    imports[name] = (callback: () => void, ms: number) => {
      const timer = setTimeout(() => {
        engineTimers.delete(timer);
        callback();
      }, ms >>> 0);
      engineTimers.add(timer);
      return timer;
    };
  }
  return imports as WebAssembly.ModuleImports;
}

function clearEngineTimers(): void {
  for (const timer of engineTimers) clearTimeout(timer);
  engineTimers.clear();
}

/** The engine logs JSON lines; they are only noise unless someone is debugging. */
function logEngineMessage(line: string): void {
  if (process.env.DEBUG) process.stderr.write(`[schema-engine] ${line}\n`);
}

/**
 * Engine errors carry a Rust span trace after the message ("   0: sql_schema_connector::…").
 * Keep the message, name the migration the trace mentions, and keep the original as `cause`.
 */
function readableEngineError(error: unknown): Error {
  if (lastPanic !== undefined) {
    // The WASM instance is unusable after a panic, and the glue module cannot be re-bound to a
    // fresh one safely (it caches views of the old memory): the process has to restart.
    const message = `Schema engine crashed (restart the process before migrating again): ${lastPanic}`;
    lastPanic = undefined;
    return new Error(message, { cause: error });
  }
  if (!(error instanceof Error)) return new Error(String(error));
  if (!/\n\s+0: /.test(error.message)) return error;
  const summary = error.message.split(/\n\s+0: /)[0] ?? "";
  const migration = /migration_name="([^"]+)"/.exec(error.message)?.[1];
  const prefix = migration ? `Migration ${migration} failed: ` : "";
  const code = (error as { code?: unknown }).code;
  const readable = new Error(prefix + summary.trim(), { cause: error });
  if (typeof code === "string") Object.assign(readable, { code });
  return readable;
}

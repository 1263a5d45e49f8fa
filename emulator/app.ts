import { serve } from "@hono/node-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { registerCommerce } from "./commerce";
import { defaultConfig, type EmulatorConfig } from "./core/config";
import { EmulatorContext } from "./core/context";
import { countersAndFaults } from "./core/faults-middleware";
import { fieldRenamesMiddleware } from "./core/field-renames";
import type { EmulatorApp, EmulatorEnv } from "./core/hono-env";
import { controlRoutes } from "./control/routes";
import { registerOAuth } from "./oauth";
import { openState, saveBeforeAnswering, type StatePersister } from "./persistence";
import { registerUnlock } from "./unlock";

export type RunningEmulator = {
  url: string;
  ctx: EmulatorContext;
  /** The state file's instance id (null without a state file). */
  instanceId: string | null;
  close: () => Promise<void>;
};

/**
 * The whole emulator as a Hono app: commerce v2 under /v2, OAuth at the auth base, unlocking
 * at /. With `config.stateFile`, its state is loaded from and saved to that file.
 */
export function createEmulator(config: EmulatorConfig = defaultConfig()) {
  const state = config.stateFile ? openState(config.stateFile, config.seed) : null;
  const ctx = new EmulatorContext(config, state?.saved);
  const persister: StatePersister | null = state?.attach(ctx) ?? null;
  // strict: false makes "/v2/" and "/v2" the same route, as clients write both.
  const app: EmulatorApp = new Hono<EmulatorEnv>({ strict: false });

  app.use("*", countersAndFaults(ctx));
  app.use("*", fieldRenamesMiddleware(ctx));
  // Around every handler, so a response leaves only after what its handler changed is saved;
  // inside the fault layer (which changes nothing saved), so a `slow_answer` fault holds an
  // answer whose effects are already in the file.
  if (persister) app.use("*", saveBeforeAnswering(persister));
  app.use("/__control/*", async (c, next) => (ctx.config.controls ? next() : c.json({ error: "not found" }, 404)));
  app.route("/__control", controlRoutes(ctx));

  // Order matters only for overlapping paths: OAuth and commerce own /.well-known and /v2;
  // the unlocking API lives at the root and comes last.
  registerOAuth(app, ctx);
  registerCommerce(app, ctx);
  registerUnlock(app, ctx);

  if (persister) {
    const unclaimed = ctx.parts.unclaimed();
    if (unclaimed.length)
      console.warn(`[emulator] ${config.stateFile} holds parts no module reads: ${unclaimed.join(", ")}`);
    // A new file gets the first-start state (and the keys made while modules registered) at once.
    persister.save();
  }
  return { app, ctx, persister, instanceId: state?.instanceId ?? null };
}

/**
 * Starts the emulator on 127.0.0.1 (port 0 picks a free one). When the config's URLs were
 * left at their defaults, they are set to the address actually bound.
 */
export async function startEmulator(port: number, overrides: Partial<EmulatorConfig> = {}): Promise<RunningEmulator> {
  const { app, ctx, persister, instanceId } = createEmulator(defaultConfig(overrides));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => resolve(s));
  });
  // Longer than any client keeps an idle connection (undici: 4 s), so a client never reuses a
  // connection the emulator is closing at that moment ("other side closed").
  (server as import("node:http").Server).keepAliveTimeout = 65_000;
  (server as import("node:http").Server).headersTimeout = 66_000;
  const bound = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${bound}`;
  if (!overrides.publicUrl) ctx.config.publicUrl = url;
  if (!overrides.authBaseUrl) ctx.config.authBaseUrl = overrides.publicUrl ?? url;
  ctx.scheduler.start();
  return {
    url,
    ctx,
    instanceId,
    // No final save: every change was saved before its answer or after its task, so closing
    // is no different from being killed.
    close: () =>
      new Promise<void>((resolve) => {
        ctx.scheduler.stop();
        if ("closeAllConnections" in server) server.closeAllConnections();
        server.close(() => {
          persister?.close();
          resolve();
        });
      }),
  };
}

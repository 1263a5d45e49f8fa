// `npm start` (and `npm run dev`, `npm run build`): check the environment, prepare the
// database, build when the sources changed, then serve. A fresh clone needs nothing else.
//   node --import tsx scripts/start.ts            production server on PORT (default 3000)
//   node --import tsx scripts/start.ts --dev      next dev
//   node --import tsx scripts/start.ts --build    build only
// tsx as a loader, not its command: the command stands between a stop signal and this process
// and kills it (SIGKILL) when it does not acknowledge the signal within 30 ms, which a busy
// machine misses, so a graceful stop (below) became a kill.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createDbClient, prepareDatabase } from "../lib/db/create-client.ts";
import { sqliteFilePath } from "../lib/db/urls.ts";
import { migrateDeploy } from "../lib/db/migrate/index.ts";
import { bootstrapAdmin, describeBootstrap } from "../lib/auth/bootstrap-admin.ts";
import { DEFAULT_DATABASE_URL, databaseUrlProblem, isSqliteUrl, parseEnv, type Env } from "../lib/env-schema.ts";
import { isEmpty, seedDatabase } from "../prisma/seed.ts";
import { buildIsCurrent, recordBuild, sourceFingerprint } from "./build-fingerprint.ts";
import { needsEmulator, startEmulatorProcess } from "./embedded-emulator.ts";
import { needsMailCatcher, startMailCatcherProcess } from "./embedded-mail.ts";
import { fillEmbeddedSecrets } from "./embedded-secrets.ts";

const mode = process.argv.includes("--dev") ? "dev" : process.argv.includes("--build") ? "build" : "start";
const children: ChildProcess[] = [];
/** The embedded emulator and mail catcher: stopped after the app server. */
const helpers = new Set<ChildProcess>();

function stopChildren(signal: NodeJS.Signals = "SIGTERM"): void {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}

function fail(message: string): never {
  console.error(message);
  stopChildren();
  process.exit(1);
}

function loadEnvironment(): Env {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const urlProblem = databaseUrlProblem(process.env);
  if (urlProblem) fail(urlProblem);
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  if (isSqliteUrl(databaseUrl)) {
    const generated = fillEmbeddedSecrets(process.env, sqliteFilePath(databaseUrl));
    if (generated.length)
      console.log(`Using generated ${generated.join(" and ")} from the data folder (embedded default)`);
  }
  const parsed = parseEnv(process.env);
  if (!parsed.ok) fail(parsed.message);
  return parsed.env;
}

async function prepareDb(env: Env): Promise<void> {
  const { applied } = await migrateDeploy(env.DATABASE_URL);
  if (applied.length) console.log(`Applied ${applied.length} migration(s): ${applied.join(", ")}`);
  const db = createDbClient(env.DATABASE_URL);
  try {
    await prepareDatabase(db, env.DATABASE_URL);
    if (await isEmpty(db)) {
      const { created } = await seedDatabase(db);
      console.log(`Seeded a new database (${created.length} settings)`);
    }
    const admin = describeBootstrap(await bootstrapAdmin(db, env));
    if (admin) console.log(admin);
  } finally {
    await db.$disconnect();
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { stdio: "inherit", env });
  children.push(child);
  return child;
}

function exitCode(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

async function buildIfNeeded(env: NodeJS.ProcessEnv, force: boolean): Promise<void> {
  // REUSE_BUILD=1: serve the build that is there, as servers started beside one that built do
  // (the e2e suite's, scripts/e2e-server.mjs): a second build would replace it under them.
  if (!force && process.env.REUSE_BUILD === "1" && existsSync(".next/BUILD_ID")) return;
  const fingerprint = sourceFingerprint();
  if (!force && buildIsCurrent(fingerprint)) return;
  console.log("Building the app (sources changed since the last build)…");
  const code = await exitCode(run("node_modules/.bin/next", ["build"], env));
  if (code !== 0) fail(`next build failed (exit ${code})`);
  recordBuild(fingerprint);
}

// No network here, and no reason to phone home from a shop server.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

// A stop signal is passed on, and this process stays until its children have left: on SIGTERM
// the app server finishes what is in flight first (scripts/serve.mjs, docs/deploy.md
// "Stopping"), and a supervisor that waits for this process must wait for that too. The app
// server is stopped first, the embedded emulator and mail catcher (which it may be talking to)
// after it. A repeated SIGTERM (the whole process group signalled, and a wrapper passing it on)
// changes nothing; a SIGINT meanwhile is passed on (serve.mjs then stops at once).
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) {
      if (signal === "SIGINT") stopChildren(signal);
      return;
    }
    stopping = true;
    void stopInOrder(signal).finally(() => process.exit(0));
  });
}

async function stopInOrder(signal: NodeJS.Signals): Promise<void> {
  const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
  const gone = (child: ChildProcess) =>
    new Promise<void>((resolve) => (running(child) ? child.once("exit", () => resolve()) : resolve()));
  // The app server (or next build / next dev) is the last child started.
  const server = children.at(-1);
  if (server && running(server) && !helpers.has(server)) {
    server.kill(signal);
    // serve.mjs bounds its own wait (STOP_GRACE_MS); a little more here for it to exit.
    await Promise.race([gone(server), new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
  }
  stopChildren(signal);
  await Promise.race([Promise.all(children.map(gone)), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
}

async function main() {
  const env = loadEnvironment();
  // Unset, APP_URL is this machine on the port it serves (PORT=3001 npm start: localhost:3001),
  // since forms are accepted from APP_URL's origin only and mails link there.
  if (!process.env.APP_URL) env.APP_URL = `http://localhost:${env.PORT}`;
  // The app (and scripts/serve.mjs) takes the shop's host and origin from APP_URL only, default included.
  process.env.APP_URL = env.APP_URL;
  if (mode === "build") return buildIfNeeded(process.env, true);

  try {
    await prepareDb(env);
  } catch (error) {
    fail(
      `Database ${env.DATABASE_URL.startsWith("file:") ? env.DATABASE_URL : "(postgresql)"} is not usable: ${error instanceof Error ? error.message : error}`,
    );
  }

  if (needsEmulator(env)) {
    try {
      const { child, instanceId } = await startEmulatorProcess(env, process.env);
      children.push(child);
      helpers.add(child);
      // Which emulator state the shop talks to (kept across restarts, new when its file is new).
      process.env.EMBEDDED_UPSTREAM_INSTANCE = instanceId;
    } catch (error) {
      fail(`Could not start the upstream emulator: ${error instanceof Error ? error.message : error}`);
    }
  }

  if (needsMailCatcher(env)) {
    try {
      const { child, smtpUrl, inboxUrl } = await startMailCatcherProcess(env, process.env);
      children.push(child);
      helpers.add(child);
      process.env.SMTP_URL = smtpUrl;
      console.log(`Mail inbox at ${inboxUrl} (every mail the shop sends lands there; set SMTP_URL to send real mail)`);
    } catch (error) {
      fail(`Could not start the local mail catcher: ${error instanceof Error ? error.message : error}`);
    }
  }

  if (mode === "dev") {
    process.exitCode = await exitCode(run("node_modules/.bin/next", ["dev", "-p", String(env.PORT)], process.env));
    stopChildren();
    return;
  }
  await buildIfNeeded(process.env, false);
  console.log(`Shop ready at http://localhost:${env.PORT} (public URL ${env.APP_URL})`);
  // Not `next start`: scripts/serve.mjs is the same Next.js handler behind a server that records
  // the socket's address for per-visitor limits (lib/security/client-address.ts).
  process.exitCode = await exitCode(
    run(process.execPath, ["scripts/serve.mjs"], { ...process.env, PORT: String(env.PORT) }),
  );
  stopChildren();
}

main().catch((error) => fail(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`));

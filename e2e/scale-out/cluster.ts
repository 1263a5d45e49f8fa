import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startFrontProxy, type FrontProxy } from "../../testing/scale-out/front-proxy";
import {
  EMBEDDED_COMMERCE_KEY,
  EMBEDDED_IMEICHECK_HASH,
  EMBEDDED_UNLOCK_KEY,
} from "../../lib/upstream/connection/embedded";
import { imeiCheckHashEnv } from "../../lib/upstream/unlock/imeicheck-hash-settings";
import { startGroup, stopGroup, waitForUrl, type Started } from "../helpers/processes";

// The scale-out deployment, on one machine: one PostgreSQL database shared by
// three app instances (ORDER_WORKER_IN_APP=off) and one separate worker (`npm run worker`),
// one upstream emulator, one mail server, and a reverse proxy in front (the shop's public
// APP_URL: the upstream's webhooks and the mails' links go there). Instances and the worker
// can be killed with SIGKILL and started again, on the same database.

export type ClusterOptions = { adminUrl: string; basePort: number; instances: number; dataDir: string };

export type Cluster = {
  appUrl: string;
  instanceUrls: string[];
  emulatorUrl: string;
  mailApiUrl: string;
  databaseUrl: string;
  /** The shop's APP_ENCRYPTION_KEY (to open the sealed settings, e.g. the webhook secret, in benchmarks). */
  encryptionKey: string;
  proxy: FrontProxy;
  kill: (which: number | "worker") => Promise<void>;
  restart: (which: number | "worker") => Promise<void>;
  output: (which: number | "worker") => string;
  /** The process group's leader (its CPU time is read for the process tree, bench/capacity.ts). */
  pid: (which: number | "worker") => number | undefined;
  stop: () => Promise<void>;
};

export const SCALE_OUT_ADMIN = { email: "admin@scale-out.example.com", password: "scale-out admin password" };

async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { adminUrl, basePort, dataDir } = options;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const database = `shop_scale_out_${Date.now()}`;
  await admin(adminUrl, `CREATE DATABASE "${database}"`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();

  const ports = { proxy: basePort, emulator: basePort + 10, smtp: basePort + 20, mailWeb: basePort + 21 };
  const instanceUrls = Array.from({ length: options.instances }, (_, i) => `http://127.0.0.1:${basePort + 1 + i}`);
  const emulatorUrl = `http://127.0.0.1:${ports.emulator}`;
  const groups: Started[] = [];

  const emulator = startGroup("node_modules/.bin/tsx", ["emulator/server.ts"], {
    EMULATOR_PORT: String(ports.emulator),
    EMULATOR_STATE_FILE: `${dataDir}/emulator.db`,
    EMULATOR_CONTROL: "1",
  });
  groups.push(emulator);
  await waitForUrl(`${emulatorUrl}/v2/status`, emulator, 30_000);
  const mail = startGroup(
    "node_modules/.bin/maildev",
    [
      "--max-emails",
      "5000",
      "--smtp",
      String(ports.smtp),
      "--web",
      String(ports.mailWeb),
      "--ip",
      "127.0.0.1",
      "--web-ip",
      "127.0.0.1",
      "--silent",
    ],
    {},
  );
  groups.push(mail);
  await waitForUrl(`http://127.0.0.1:${ports.mailWeb}/api/email`, mail, 30_000);
  const proxy = await startFrontProxy(ports.proxy, instanceUrls);

  // What every process of the shop shares: one database, one upstream, one mail server, the same secrets.
  const shared: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    APP_URL: proxy.url,
    AUTH_SECRET: randomBytes(32).toString("base64"),
    APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    COMMERCE_API_URL: emulatorUrl,
    COMMERCE_API_KEY: `${EMBEDDED_COMMERCE_KEY.apiId}:${EMBEDDED_COMMERCE_KEY.apiSecret}`,
    UNLOCK_API_URL: emulatorUrl,
    UNLOCK_SVC_KEY: EMBEDDED_UNLOCK_KEY.svcKey,
    UNLOCK_SVC_SECRET: EMBEDDED_UNLOCK_KEY.svcSecret,
    // The emulator's IMEI check hash rule, as an operator sets the supplier's (docs/unlock.md).
    ...imeiCheckHashEnv(EMBEDDED_IMEICHECK_HASH),
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    ORDER_WORKER_IN_APP: "off",
    // Behind the one proxy, which writes the visitor's address into X-Forwarded-For (docs/deploy.md).
    TRUST_PROXY_HOPS: "1",
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: SCALE_OUT_ADMIN.email,
    ADMIN_PASSWORD: SCALE_OUT_ADMIN.password,
  };
  const processes = new Map<number | "worker", Started>();
  const launch = async (which: number | "worker") => {
    const started =
      which === "worker"
        ? startGroup(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts"], shared)
        : startGroup(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
            ...shared,
            PORT: String(basePort + 1 + which),
          });
    processes.set(which, started);
    if (which !== "worker") await waitForUrl(`${instanceUrls[which]}/api/health`, started, 240_000);
  };

  const cluster: Cluster = {
    appUrl: proxy.url,
    instanceUrls,
    emulatorUrl,
    mailApiUrl: `http://127.0.0.1:${ports.mailWeb}/api`,
    databaseUrl,
    encryptionKey: shared.APP_ENCRYPTION_KEY!,
    proxy,
    kill: async (which) => {
      const started = processes.get(which);
      if (started) await stopGroup(started, "SIGKILL");
    },
    restart: launch,
    output: (which) => processes.get(which)?.output() ?? "",
    pid: (which) => processes.get(which)?.child.pid,
    stop: async () => {
      // Each process's latest output beside the data, for a failed run.
      for (const [which, started] of processes)
        writeFileSync(`${dataDir}/${which === "worker" ? "worker" : `instance-${which}`}.log`, started.output());
      for (const started of processes.values()) await stopGroup(started, "SIGKILL");
      for (const started of groups) await stopGroup(started, "SIGKILL");
      await proxy.close();
      await admin(adminUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    },
  };

  // The first instance migrates, seeds and builds (as the first of a rolling deploy does); the
  // others start on the migrated database and the current build. A start that fails stops what
  // did start, so no instance outlives the run.
  try {
    await launch(0);
    await Promise.all(instanceUrls.slice(1).map((_, i) => launch(i + 1)));
    await launch("worker");
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}

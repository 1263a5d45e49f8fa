// The framework's floor for bench/lighthouse.ts: a page with nothing but Next.js's own client
// runtime (the same next, react and react-dom as the shop: its node_modules, linked), built and
// started as a production app. Lighthouse's performance score follows the machine's load (a
// shared machine moves it ±5 points between runs of the same page), so every run audits this
// page beside the shop's: the floor says what the machine allowed in that run, as the static file
// does for bench/http-pages.ts.
//
// The app lives outside the repository (a Next.js app inside it would pick up the shop's own
// instrumentation.ts and proxy.ts) and is built once per machine.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const DIR = join(tmpdir(), "shop-bench-framework-floor");

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "bench-framework-floor", private: true }),
  // Its node_modules is a link out of the app's folder: Turbopack resolves from the filesystem root.
  "next.config.mjs": `export default { turbopack: { root: "/" }, poweredByHeader: false };\n`,
  "app/layout.jsx": `export const metadata = { title: "Framework floor", description: "A page with nothing but Next.js's own client runtime." };
export default function RootLayout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}
`,
  "app/page.jsx": `export default function Page() {
  return (<main><h1>Framework floor</h1><p>A page with nothing but Next.js's own client runtime, to compare the shop's pages with on the same machine in the same run.</p></main>);
}
`,
};

const NEXT_BIN = join(DIR, "node_modules/next/dist/bin/next");

/** Builds the floor app (once: its sources never change) and starts it on `port`. */
export async function startFrameworkFloor(port: number): Promise<ChildProcess> {
  if (!existsSync(join(DIR, ".next/BUILD_ID"))) {
    rmSync(DIR, { recursive: true, force: true });
    for (const [file, text] of Object.entries(FILES)) {
      mkdirSync(join(DIR, file, ".."), { recursive: true });
      writeFileSync(join(DIR, file), text);
    }
    symlinkSync(resolve("node_modules"), join(DIR, "node_modules"));
    const build = spawnSync("node", [NEXT_BIN, "build"], {
      cwd: DIR,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (build.status !== 0) throw new Error(`the framework floor app did not build (exit ${build.status})`);
  }
  const server = spawn("node", [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: DIR,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) {
      stopFrameworkFloor(server);
      throw new Error(`the framework floor app did not answer on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** `next start` runs the server in a child process: the whole group goes. */
export function stopFrameworkFloor(server: ChildProcess): void {
  try {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  } catch {
    // Already gone.
  }
}

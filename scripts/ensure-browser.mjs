// The browser for the end-to-end tests, checked first by `npm test` and `npm run test:e2e`, so
// a fresh machine does not end a long run with every Playwright test failing on "executable
// doesn't exist". Playwright's own browser download is not reachable here (and not used):
// playwright.config.ts launches CHROMIUM_PATH, else Debian's /usr/bin/chromium.
//   present               → nothing (this runs on every `npm test`: one file check)
//   absent, root + apt    → installs Debian's chromium, saying so in one line
//   otherwise             → one line naming the command to run, exit 1, before any test
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function stop(line) {
  console.error(line);
  process.exit(1);
}

const configured = process.env.CHROMIUM_PATH;
if (configured) {
  // The config launches exactly this path; installing Debian's would not help.
  if (executable(configured)) process.exit(0);
  stop(
    `CHROMIUM_PATH=${configured} is not an executable: point it at a Chromium binary, or unset it to use ${DEBIAN_CHROMIUM}.`,
  );
}
if (executable(DEBIAN_CHROMIUM)) process.exit(0);

const hasAptGet = (process.env.PATH ?? "").split(delimiter).some((dir) => dir && executable(join(dir, "apt-get")));
if (!hasAptGet)
  stop(
    `The end-to-end tests need Chromium: install it, then set CHROMIUM_PATH=/path/to/chromium (or put it at ${DEBIAN_CHROMIUM}).`,
  );
if (process.getuid?.() !== 0)
  stop(
    `The end-to-end tests need Chromium: run "sudo apt-get install chromium" (or set CHROMIUM_PATH=/path/to/chromium).`,
  );

console.log(
  "Chromium for the end-to-end tests is missing: installing Debian's chromium (apt-get install chromium, under a minute)…",
);
const apt = (args) =>
  spawnSync("apt-get", args, {
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
// --reinstall: the package may be installed with its binary gone (moved aside, deleted); a
// plain install would then do nothing.
for (const args of [
  ["update", "-qq"],
  ["install", "-y", "-qq", "--reinstall", "chromium"],
]) {
  const run = apt(args);
  if (run.status !== 0) {
    const reason = (run.error?.message ?? run.stderr.trim().split("\n").at(-1)) || `exit ${run.status}`;
    stop(
      `Could not install Chromium ("apt-get ${args[0]}" failed: ${reason}): run "apt-get install chromium" yourself, or set CHROMIUM_PATH.`,
    );
  }
}
if (!executable(DEBIAN_CHROMIUM))
  stop(`apt-get installed chromium but ${DEBIAN_CHROMIUM} is missing: set CHROMIUM_PATH to its binary.`);

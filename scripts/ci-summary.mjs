// The closing lines of a CI run (.ci/run): each stage's wall time, the run's total, and one line
// "N passed, N failed" (plus skipped) added up from every runner's JSON report, so the run's
// outcome and where its time went read at a glance.
//   node scripts/ci-summary.mjs <report dir> [<stage times file> <run start, epoch seconds>]
// The stage times file has one line per stage: "<name> <seconds> <exit code>" (npm script names
// from .ci/timed-shell, "install" from .ci/run); a stage that failed is listed with its code.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [dir, timesFile, startedAt] = process.argv.slice(2);

/** The stages of a run in order, by the npm script (or .ci/run step) that is the stage. */
const STAGES = [
  ["install", "npm install"],
  ["typecheck", "typecheck"],
  ["lint", "lint"],
  ["test:vitest", "vitest (unit + integration on SQLite)"],
  ["test:e2e", "end-to-end (Playwright)"],
  ["test:integration", "integration on PostgreSQL"],
  ["test:scale-out", "scale-out on PostgreSQL"],
];

function minutes(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

let stageFailed = false;
if (timesFile && existsSync(timesFile)) {
  const times = new Map();
  for (const line of readFileSync(timesFile, "utf8").split("\n")) {
    const [name, seconds, code] = line.trim().split(/\s+/);
    if (name && seconds) times.set(name, { seconds: Number(seconds), code: Number(code) });
  }
  console.log("\nStage times (wall clock, m:ss)");
  for (const [name, label] of STAGES) {
    const time = times.get(name);
    if (time && time.code !== 0) stageFailed = true;
    const outcome = !time ? "not run" : time.code === 0 ? "" : `FAILED (exit ${time.code})`;
    console.log(`  ${label.padEnd(40)} ${time ? minutes(time.seconds).padStart(6) : "     -"}  ${outcome}`);
  }
  if (startedAt) console.log(`  ${"total".padEnd(40)} ${minutes(Date.now() / 1000 - Number(startedAt)).padStart(6)}`);
}

let passed = 0,
  failed = 0,
  skipped = 0;
for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")) : []) {
  const report = JSON.parse(readFileSync(join(dir, file), "utf8"));
  if ("numPassedTests" in report) {
    // vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    // playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || stageFailed ? 1 : 0);

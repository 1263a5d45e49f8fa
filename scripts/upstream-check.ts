// `npm run upstream:check [-- --json]`: the go-live check. Calls once each read-only endpoint
// the shop depends on, with the configuration `npm start` uses (env credentials, else the ones
// staff stored in Admin → Upstream connection, else the embedded emulator's), spends no credits,
// and prints per call: ok / missing field / wrong type / refused / unreachable, and the products
// it would stop. Exit 1 when a product would fail. The list is lib/upstream/check/checks.ts.
import { fail, prepareScriptEnv } from "./script-env.ts";

const args = process.argv.slice(2);
const json = args.includes("--json");
const unknown = args.filter((arg) => arg !== "--json");
if (unknown.length) fail(`Unknown argument ${unknown[0]}. Usage: npm run upstream:check [-- --json]`);
prepareScriptEnv({ existingDatabase: true });
// The report is the output: the calls' own log lines would only repeat it (and break --json).
process.env.LOG_LEVEL = "silent";

// Imported only now: these modules read the environment prepared above.
const [{ db }, { checkShopConnection }, { formatReport }] = await Promise.all([
  import("../lib/db/index.ts"),
  import("../lib/upstream/check/app.ts"),
  import("../lib/upstream/check/format.ts"),
]);
try {
  const report = await checkShopConnection();
  console.log(json ? JSON.stringify(report, null, 2) : formatReport(report));
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await db.$disconnect();
}

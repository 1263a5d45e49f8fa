// `npm start` builds only when the sources changed since the last build: a content hash of
// everything that goes into the build, stored next to Next.js's BUILD_ID.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const INPUTS = [
  "app",
  "components",
  "lib",
  "messages",
  "public",
  "types",
  "instrumentation.ts",
  "proxy.ts",
  "package.json",
  "package-lock.json",
  "next.config.mjs",
  "postcss.config.mjs",
  "tsconfig.json",
];
const SKIP = new Set(["node_modules", ".next", "generated"]);
const STAMP = ".next/source-fingerprint";

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) {
    if (SKIP.has(entry) || entry.endsWith(".test.ts") || entry.endsWith(".test.tsx")) continue;
    yield* files(join(path, entry));
  }
}

export function sourceFingerprint(): string {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of files(input)) hash.update(file).update("\0").update(readFileSync(file)).update("\0");
  }
  // The generated Prisma clients follow from the schema, which stands in for them.
  hash.update(readFileSync("prisma/schema.prisma"));
  return hash.digest("hex");
}

export function buildIsCurrent(fingerprint: string): boolean {
  return existsSync(".next/BUILD_ID") && existsSync(STAMP) && readFileSync(STAMP, "utf8") === fingerprint;
}

export function recordBuild(fingerprint: string): void {
  writeFileSync(STAMP, fingerprint);
}

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { INPUTS } from "./build-fingerprint";

// `npm start` skips the build when the fingerprint is unchanged: a file the build reads that is
// not an input would leave a stale build running (proxy.ts and the message catalogs, say: a
// change to either would not be built).

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    if (entry === "node_modules" || entry === "generated") continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mjs)$/.test(entry) && !/\.test\.tsx?$/.test(entry)) yield path;
  }
}

describe("the build fingerprint's inputs", () => {
  it("include the files Next.js reads at the project root", () => {
    for (const file of ["proxy.ts", "instrumentation.ts", "next.config.mjs"]) expect(INPUTS).toContain(file);
  });

  it("include every top-level folder the app's code imports", () => {
    const folders = new Set<string>();
    for (const root of ["app", "components", "lib"]) {
      for (const file of sources(root)) {
        for (const match of readFileSync(file, "utf8").matchAll(/from "@\/([^/"]+)\//g)) folders.add(match[1]!);
      }
    }
    expect(folders.size).toBeGreaterThan(2);
    expect([...folders].filter((folder) => !INPUTS.includes(folder))).toEqual([]);
  });
});

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The static import graph of lib/ (production modules only: no tests, no generated Prisma
// client) must have no cycle: a cycle means two modules each need the other loaded first, the
// kind of knot the order core, payments and webhooks once dodged with `await import()`.
// Followed: `import … from`, `export … from` and side-effect `import "…"`, with `@/` resolved to
// the repository root and relative paths to files. Ignored: `import type` / `export type`
// (erased at runtime) and dynamic `import()` (loaded on first use, never at import time).

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const EXTENSIONS = [".ts", ".tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path.endsWith(join("lib", "db", "generated")) ? [] : sourceFiles(path);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? join(root, specifier.slice(2))
    : specifier.startsWith(".")
      ? resolve(dirname(from), specifier)
      : null;
  if (!base) return null;
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => join(base, `index${ext}`)),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** Runtime imports of one file: type-only ones left out. */
export function runtimeImports(source: string): string[] {
  const specifiers: string[] = [];
  const statement =
    /(?:^|;|\n)\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*["']([^"']+)["']|(?:^|\n)\s*import\s*["']([^"']+)["']/g;
  for (const match of source.matchAll(statement)) {
    if (match[5]) {
      specifiers.push(match[5]);
      continue;
    }
    const [, , typeOnly, clause, specifier] = match;
    if (typeOnly) continue;
    // `import { type A, type B } from` is erased as well.
    const names = /^\{([^}]*)\}$/.exec(clause!.trim())?.[1];
    if (names !== undefined && names.split(",").every((name) => !name.trim() || name.trim().startsWith("type ")))
      continue;
    specifiers.push(specifier!);
  }
  return specifiers;
}

export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = runtimeImports(readFileSync(file, "utf8"))
      .map((specifier) => resolveImport(file, specifier))
      .filter((target): target is string => target !== null && files.includes(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every strongly connected group of more than one module (or a module importing itself): each holds a cycle. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || graph.get(node)!.includes(node)) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("lib/ import graph", () => {
  const graph = importGraph(sourceFiles(join(root, "lib")));

  it("reads the modules it is about", () => {
    const orders = relative(root, join(root, "lib/orders/apply-upstream.ts"));
    expect([...graph.keys()].map((file) => relative(root, file))).toContain(orders);
    expect(graph.get(join(root, "lib/webhooks/process.ts"))).toContain(join(root, "lib/orders/apply-upstream.ts"));
  });

  // checkout → orders and payments → orders, never the reverse: the order core writes the refunds
  // it owes and the payments module makes them (lib/payments/refund-tasks.ts); the checkout
  // (lib/checkout/) makes orders and sends them to be paid, and neither the order core nor
  // payments knows it (docs/architecture.md "Shape").
  it("keeps the order core and payments below the checkout, and the order core below payments", () => {
    const edges = [...graph].flatMap(([file, targets]) =>
      targets.map((target) => [relative(root, file), relative(root, target)] as const),
    );
    const upward = edges.filter(
      ([from, to]) =>
        (from.startsWith("lib/orders/") && (to.startsWith("lib/payments/") || to.startsWith("lib/checkout/"))) ||
        (from.startsWith("lib/payments/") && to.startsWith("lib/checkout/")),
    );
    expect(upward).toEqual([]);
  });

  it("has no import cycle", () => {
    const found = cycles(graph).map((group) => group.map((file) => relative(root, file)).join(" ↔ "));
    expect(found).toEqual([]);
  });
});

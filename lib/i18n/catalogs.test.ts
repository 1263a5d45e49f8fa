import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json" with { type: "json" };
import es from "@/messages/es.json" with { type: "json" };

// The message catalogs are checked here, in CI: both languages have the same keys, each
// message uses the same arguments in both, and every key is used by some code.

const ROOT = join(__dirname, "..", "..");
const SOURCE_DIRS = ["app", "components", "lib"];

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

/** The names of a message's arguments: "{count, plural, one {# day} other {# days}}" → ["count"]. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\{\s*([A-Za-z_]\w*)\s*(?:[,}])/g)) names.add(match[1]!);
  // Rich-text tags (<link>…</link>) are arguments too.
  for (const match of message.matchAll(/<([A-Za-z_]\w*)>/g)) names.add(`<${match[1]}>`);
  return [...names].sort();
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mjs)$/.test(name) && !/\.test\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/** Every string and template literal in the code, templates as patterns (`${p.type}.name` → /^[\w.-]+\.name$/). */
function literalsIn(text: string): { strings: Set<string>; patterns: RegExp[] } {
  const strings = new Set<string>();
  const patterns: RegExp[] = [];
  for (const match of text.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g))
    strings.add(match[1] ?? match[2] ?? "");
  for (const match of text.matchAll(/`((?:[^`\\]|\\.)*)`/g)) {
    const body = match[1]!;
    if (!body.includes("${")) strings.add(body);
    else
      patterns.push(
        new RegExp(
          `^${body
            .split(/\$\{[^}]*\}/)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
            .join("[\\w.-]+")}$`,
        ),
      );
  }
  return { strings, patterns };
}

const english = leaves(en as Tree);
const spanish = leaves(es as Tree);

describe("message catalogs", () => {
  it("have the same keys in English and Spanish", () => {
    expect(
      [...spanish.keys()].filter((key) => !english.has(key)),
      "keys only in es.json",
    ).toEqual([]);
    expect(
      [...english.keys()].filter((key) => !spanish.has(key)),
      "keys only in en.json",
    ).toEqual([]);
  });

  it("use the same arguments in both languages", () => {
    const different = [...english].filter(
      ([key, message]) => spanish.has(key) && argumentsOf(message).join() !== argumentsOf(spanish.get(key)!).join(),
    );
    expect(different.map(([key]) => key)).toEqual([]);
  });

  it("leave no message empty or untranslated by mistake", () => {
    expect([...spanish].filter(([, message]) => message.trim() === "").map(([key]) => key)).toEqual([]);
    // A Spanish message equal to the English one is allowed only where the words are the same
    // in both (a brand, "Email"); any other is a copy left untranslated.
    const SAME_IN_BOTH = new Set<string>([]);
    const copies = [...english].filter(
      ([key, message]) => spanish.get(key) === message && /[a-z]{4,}/.test(message) && !SAME_IN_BOTH.has(key),
    );
    expect(copies.map(([key]) => key)).toEqual([]);
  });

  it("hold no key that no code uses", () => {
    const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir)));
    const sources = files.map((file) => ({ file: relative(ROOT, file), ...literalsIn(readFileSync(file, "utf8")) }));
    const unused = [...english.keys()].filter((key) => {
      const parts = key.split(".");
      // Used when some file names the key's namespace (any leading part of its path) and the rest
      // of the path, as a literal or a template that produces it, or names the whole path.
      for (let cut = 1; cut < parts.length; cut++) {
        const namespace = parts.slice(0, cut).join(".");
        const rest = parts.slice(cut).join(".");
        for (const source of sources) {
          if (!source.strings.has(namespace)) continue;
          if (source.strings.has(rest) || source.patterns.some((pattern) => pattern.test(rest))) return false;
        }
      }
      return !sources.some((source) => source.strings.has(key));
    });
    expect(unused).toEqual([]);
  });
});

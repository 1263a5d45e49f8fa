import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cachedPageContentSecurityPolicy } from "./security-headers";
import { documentPolicy, inlineScriptHashes, withScriptHashes } from "./inline-script-hashes.mjs";
import { THEME_SCRIPT, THEME_SCRIPT_HASH } from "./theme-script";

// As a browser computes a hash source: SHA-256 over the UTF-8 bytes of the script's text.
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const scriptSrc = (csp: string) => csp.split("; ").find((directive) => directive.startsWith("script-src "));

/** A document as Next.js renders a cached page: the theme script, its bootstrap and payload, build files. */
function documentWith(scripts: string[]): string {
  return [
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
    '<script src="/_next/static/chunks/turbopack-1.js" async=""></script>',
    `<script>${THEME_SCRIPT}</script></head><body><main><h1>eSIM plans</h1></main>`,
    ...scripts.map((script) => `<script>${script}</script>`),
    '<script src="/_next/static/chunks/main.js" async=""></script></body></html>',
  ].join("");
}

const PAYLOAD = [
  "(self.__next_f=self.__next_f||[]).push([0])",
  'self.__next_f.push([1,"1:I[1,[],\\"default\\"]\\n"])',
  'self.__next_f.push([1,"2:[\\"$\\",\\"h1\\",null,{\\"children\\":\\"Europe — 3 GB\\"}]\\n"])',
];

describe("inline script hashes", () => {
  it("a page with N inline scripts: exactly their hashes, in document order, none for the build's script files", () => {
    const hashes = inlineScriptHashes(documentWith(PAYLOAD));
    expect(hashes).toEqual([THEME_SCRIPT_HASH, ...PAYLOAD.map(sha256)]);
    expect(inlineScriptHashes(documentWith([]))).toEqual([THEME_SCRIPT_HASH]);
  });

  it("a page changed by one byte in a script: a different hash for that script, the others the same", () => {
    const changed = [...PAYLOAD];
    changed[2] = changed[2]!.replace("3 GB", "5 GB");
    const before = inlineScriptHashes(documentWith(PAYLOAD))!;
    const after = inlineScriptHashes(documentWith(changed))!;
    expect(after[3]).not.toBe(before[3]);
    expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
  });

  it("hashes the exact bytes between the tags: UTF-8 text, attributes with '>' in quotes, any letter case, the same script once", () => {
    const html = `<p>x</p><SCRIPT type="text/javascript" data-x="a>b">self.a("€ ñ")</SCRIPT ><script id='s'>\n  b()\n</script><script>self.a("€ ñ")</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha256('self.a("€ ñ")'), sha256("\n  b()\n")]);
    expect(inlineScriptHashes(Buffer.from(html, "utf8"))).toEqual(inlineScriptHashes(html));
    // An element whose name only starts with "script" is no script.
    expect(inlineScriptHashes("<scripts>no</scripts><script-x>no</script-x>")).toEqual([]);
  });

  it("cannot read a document with an unterminated script: null (the caller keeps the strict policy)", () => {
    expect(inlineScriptHashes("<html><script>self.__next_f.push([1,")).toBeNull();
    expect(inlineScriptHashes('<html><script data-x="never closed>')).toBeNull();
  });

  it("puts the hashes in script-src, dropping 'unsafe-inline', 'strict-dynamic' and nonces; other directives untouched", () => {
    const csp =
      "default-src 'self'; script-src 'self' 'unsafe-inline' 'nonce-abc' 'strict-dynamic' 'unsafe-eval'; style-src 'self' 'unsafe-inline'";
    expect(withScriptHashes(csp, ["'sha256-AAA='", "'sha256-BBB='"])).toBe(
      "default-src 'self'; script-src 'self' 'unsafe-eval' 'sha256-AAA=' 'sha256-BBB='; style-src 'self' 'unsafe-inline'",
    );
    expect(withScriptHashes("default-src 'self'", ["'sha256-AAA='"])).toBe("default-src 'self'");
  });

  it("the cached page's policy with a document's hashes: no 'unsafe-inline' in script-src, the theme script listed once, the rest of the policy kept", () => {
    const strict = cachedPageContentSecurityPolicy();
    expect(scriptSrc(strict)).toBe(`script-src 'self' ${THEME_SCRIPT_HASH}`);
    const policy = documentPolicy(strict, documentWith(PAYLOAD))!;
    expect(scriptSrc(policy)).toBe(`script-src 'self' ${[THEME_SCRIPT_HASH, ...PAYLOAD.map(sha256)].join(" ")}`);
    expect(policy.replace(scriptSrc(policy)!, "")).toBe(strict.replace(scriptSrc(strict)!, ""));
    expect(documentPolicy(strict, "<script>unterminated")).toBeNull();
  });
});

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { expect, test } from "@playwright/test";
import { computeCacheBustingSearchParam } from "next/dist/shared/lib/router/utils/cache-busting-search-param.js";

// No 5xx and no stack trace for malformed input, anywhere.
// The targets are listed from the code, not by hand, so a new page, route or action is fuzzed
// the day it lands: page paths from app/**/page.tsx (dynamic segments filled with plausible and
// hostile values), route handlers from app/**/route.ts (each exported method), server actions
// from the build's .next/server/server-reference-manifest.json (posted with hostile bodies and
// origins). Beside them, by hand: multipart posts from foreign, null, same and no origins to each
// kind of page and to routes, and every Auth.js endpoint with both methods and every error
// code (redirects followed). Bounded: about two thousand requests, eight at a time.

const APP = "app";
const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 15_000;
const STACK_TRACE =
  /\bat [\w$.<>[\] ]+ \((?:\/|file:|node:)|Cannot read properties of|TypeError: |ReferenceError: |SyntaxError: |RangeError: /;

type Probe = { label: string; path: string; init: RequestInit };
type Failure = { label: string; status: number | string; excerpt: string };

function filesNamed(dir: string, name: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...filesNamed(full, name));
    else if (entry === name) out.push(full);
  }
  return out.sort();
}

/** app/(shop)/topup/[country]/page.tsx → ["topup", "[country]"] (route groups dropped). */
function segmentsOf(file: string): string[] {
  return relative(APP, file)
    .split(sep)
    .slice(0, -1)
    .filter((s) => !(s.startsWith("(") && s.endsWith(")")));
}

const PLAUSIBLE: Record<string, string> = {
  country: "mx",
  operator: "1",
  destination: "fr",
  plan: "1",
  iccid: "8988247000101234567",
  brand: "apple",
  device: "1",
  network: "1",
  tool: "1",
  ref: "ORD-AAAAAAAA",
  paymentId: "pay_doesnotexist",
  id: "user_doesnotexist",
  token: "doesnotexist",
  nextauth: "session",
};

// Hostile values for one path segment (already percent-encoded as they travel on the wire).
const HOSTILE = [
  "%ff%fe",
  "%e0%80%af",
  "%",
  "%zz",
  "..%2f..%2fetc%2fpasswd",
  "%00",
  "x".repeat(4000),
  "%F0%9F%92%A5%E2%80%AE%C3%B1",
  "%3Cscript%3E",
];

function fill(segments: string[], value: (param: string) => string): string {
  return (
    "/" +
    segments
      .map((s) => {
        const m = /^\[(?:\.\.\.)?(\w+)\]$/.exec(s);
        return m?.[1] ? value(m[1]) : s;
      })
      .join("/")
  );
}

// A client-side navigation as the router sends it: RSC header, router state, and the `_rsc`
// search param Next checks against a hash of those headers (without it Next only redirects).
async function navigation(label: string, path: string, stateTree: string): Promise<Probe> {
  const rsc = await computeCacheBustingSearchParam(undefined, undefined, stateTree, undefined);
  return { label, path: `${path}?_rsc=${rsc}`, init: { headers: { RSC: "1", "Next-Router-State-Tree": stateTree } } };
}

async function pageProbes(): Promise<Probe[]> {
  const probes: Probe[] = [];
  for (const file of filesNamed(APP, "page.tsx")) {
    const segments = segmentsOf(file);
    const dynamic = segments.some((s) => s.startsWith("["));
    const plausible = fill(segments, (p) => PLAUSIBLE[p] ?? "1");
    probes.push({ label: `GET ${plausible}`, path: plausible, init: {} });
    // An unparseable router state tree on a client-side navigation request.
    probes.push(
      await navigation(`GET ${plausible} (RSC, unparseable Next-Router-State-Tree)`, plausible, "%7B%22not%22:json"),
    );
    probes.push(
      await navigation(
        `GET ${plausible} (RSC, wrong-typed Next-Router-State-Tree)`,
        plausible,
        encodeURIComponent(JSON.stringify({ a: [1, { b: null }] })),
      ),
    );
    for (const hostile of HOSTILE) {
      const path = dynamic ? fill(segments, () => hostile) : `${plausible === "/" ? "" : plausible}/${hostile}`;
      probes.push({ label: `GET ${path.slice(0, 120)}`, path, init: {} });
    }
    probes.push({
      label: `GET ${plausible}?<hostile query>`,
      path: `${plausible}?q=%ff%fe&next=%&page=-1e309&status=%00`,
      init: {},
    });
  }
  return probes;
}

// `export function GET`, `export const GET = …` and `export const { GET, POST } = …`.
const METHOD = /export\s+(?:(?:async\s+)?function|const)\s+(GET|POST|PUT|PATCH|DELETE)\b|export\s+const\s+\{([^}]+)\}/g;

function methodsOf(source: string): string[] {
  const methods = new Set<string>();
  for (const m of source.matchAll(METHOD)) {
    if (m[1]) methods.add(m[1]);
    else
      for (const name of (m[2] ?? "").split(",").map((s) => s.trim()))
        if (/^(GET|POST|PUT|PATCH|DELETE)$/.test(name)) methods.add(name);
  }
  return [...methods];
}

const ONE_MB_AND_A_BIT = 1024 * 1024 + 4096;

function routeProbes(): Probe[] {
  const probes: Probe[] = [];
  for (const file of filesNamed(APP, "route.ts")) {
    const segments = segmentsOf(file);
    const methods = methodsOf(readFileSync(file, "utf8"));
    expect(methods.length, `${file} exports no method the fuzz recognises`).toBeGreaterThan(0);
    const paths = [
      fill(segments, (p) => PLAUSIBLE[p] ?? "1"),
      ...HOSTILE.slice(0, 4).map((h) => fill(segments, () => h)),
    ];
    for (const method of methods) {
      for (const path of new Set(paths)) {
        if (method === "GET") {
          probes.push({ label: `GET ${path}`, path, init: {} });
          probes.push({
            label: `GET ${path}?<hostile query>`,
            path: `${path}?code=%ff&state=%&w=-1&q=${"z".repeat(3000)}`,
            init: {},
          });
          continue;
        }
        probes.push({ label: `${method} ${path} (no body)`, path, init: { method } });
        probes.push({
          label: `${method} ${path} (garbage JSON)`,
          path,
          init: { method, headers: { "content-type": "application/json" }, body: '{"a":' },
        });
        probes.push({
          label: `${method} ${path} (wrong-typed JSON)`,
          path,
          init: { method, headers: { "content-type": "application/json" }, body: "[1,null,{}]" },
        });
        probes.push({
          label: `${method} ${path} (malformed multipart)`,
          path,
          init: { method, headers: { "content-type": "multipart/form-data; boundary=zz" }, body: "--zz\r\nbroken" },
        });
        probes.push({
          label: `${method} ${path} (form, non-UTF-8)`,
          path,
          init: { method, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=%ff%fe&b" },
        });
      }
    }
  }
  return probes;
}

type ManifestEntry = { workers: Record<string, unknown>; exportedName?: string; filename?: string };

function actionProbes(baseURL: string): Probe[] {
  const manifestFile = join(".next", "server", "server-reference-manifest.json");
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { node: Record<string, ManifestEntry> };
  const entries = Object.entries(manifest.node);
  expect(entries.length, "the build lists server actions").toBeGreaterThan(10);
  const probes: Probe[] = [];
  const big = `["${"a".repeat(ONE_MB_AND_A_BIT)}"]`;
  for (const [id, entry] of entries) {
    // Post to a page that really hosts the action (its worker), as the browser would.
    const worker = Object.keys(entry.workers).find((w) => w.endsWith("/page")) ?? Object.keys(entry.workers)[0] ?? "";
    const path = fill(segmentsOf(worker.replace(/\/page$/, "/page.tsx")), (p) => PLAUSIBLE[p] ?? "1");
    const name = `${entry.filename ?? "?"}#${entry.exportedName ?? id.slice(0, 8)}`;
    const base = { "Next-Action": id, Origin: baseURL, Accept: "text/x-component" };
    const post = (label: string, headers: Record<string, string>, body?: string): Probe => ({
      label: `action ${name} ${label}`,
      path,
      init: { method: "POST", headers: { ...base, ...headers }, body },
    });
    probes.push(
      post("no body", {}),
      post("wrong content-type", { "content-type": "application/json" }, '{"a":1}'),
      post("garbage text", { "content-type": "text/plain;charset=UTF-8" }, "not a flight reply"),
      post(
        "malformed multipart",
        { "content-type": "multipart/form-data; boundary=zz" },
        '--zz\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]',
      ),
      post(
        "JSON array of wrong types",
        { "content-type": "text/plain;charset=UTF-8" },
        JSON.stringify([1, ["x"], null, { get: 1 }]),
      ),
      post("empty argument list", { "content-type": "text/plain;charset=UTF-8" }, "[]"),
      post("> 1 MB", { "content-type": "text/plain;charset=UTF-8" }, big),
      // The same, streamed: no Content-Length to refuse it by (answered 411, never Next's 500).
      {
        ...post("> 1 MB streamed", { "content-type": "text/plain;charset=UTF-8" }),
        init: {
          method: "POST",
          headers: { ...base, "content-type": "text/plain;charset=UTF-8" },
          body: streamOf(big),
          duplex: "half",
        } as RequestInit,
      },
      post("foreign Origin", { "content-type": "text/plain;charset=UTF-8", Origin: "https://evil.example" }, "[]"),
      post("null Origin", { "content-type": "text/plain;charset=UTF-8", Origin: "null" }, "[]"),
    );
  }
  return probes;
}

// Multipart posts to every kind of page and to routes: Next.js reads any multipart POST to a
// page as a form action (posted without JavaScript) and checks its Origin first, answering a
// foreign one with a 500; proxy.ts refuses it with a 403 (lib/http/malformed-request.ts).
const MULTIPART_TARGETS = [
  "/giftcards", // a catalog page from the page cache
  "/es/topup", // the same, in Spanish
  "/contact", // a page rendered per request with a nonce
  "/account", // an account page (signed out: sent to sign in)
  "/account/sign-in",
  "/admin", // a staff page
  "/admin/orders",
  "/api/health", // routes
  "/api/orders/ORD-AAAAAAAA/status",
];
const FOREIGN_ORIGINS = ["https://evil.example", "null", "http://127.0.0.1.evil.example"];

function multipartBodies(): { label: string; type: string; body: string }[] {
  const part = (name: string, value: string) =>
    `--zz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const type = "multipart/form-data; boundary=zz";
  return [
    { label: "form fields", type, body: `${part("email", "a@b.c")}${part("password", "x")}--zz--\r\n` },
    {
      label: "unknown form action",
      type,
      body: `${part("$ACTION_ID_0123456789abcdef0123456789abcdef01234567", "")}${part("x", "1")}--zz--\r\n`,
    },
    {
      label: "action reference to nothing",
      type,
      body: `${part("$ACTION_REF_1", "")}${part("$ACTION_1:0", '{"id":"nope","bound":"$@1"}')}--zz--\r\n`,
    },
    { label: "malformed", type, body: "--zz\r\nbroken" },
  ];
}

function multipartProbes(baseURL: string): Probe[] {
  const probes: Probe[] = [];
  for (const path of MULTIPART_TARGETS) {
    for (const { label, type, body } of multipartBodies()) {
      for (const origin of [...FOREIGN_ORIGINS, baseURL, null]) {
        const headers: Record<string, string> = { "content-type": type };
        if (origin !== null) headers.Origin = origin;
        probes.push({
          label: `POST ${path} multipart (${label}, Origin ${origin ?? "none"})`,
          path,
          init: { method: "POST", headers, body },
        });
      }
    }
  }
  return probes;
}

// Every endpoint Auth.js v5 has (lib/auth/endpoints.ts lets through those the shop uses), both
// methods, redirects followed: Auth.js's answer to misuse is a redirect to its error page, and
// that page answered error=Configuration with a 500.
const AUTH_PATHS = [
  "signin",
  "signin/credentials",
  "signout",
  "callback/credentials",
  "callback/github",
  "session",
  "csrf",
  "providers",
  "error",
  "verify-request",
  "webauthn-options",
  "webauthn-options/passkey",
  "nope",
];
const AUTH_ERRORS = [
  "Configuration",
  "AccessDenied",
  "Verification",
  "Default",
  "CredentialsSignin",
  "NoSuchError",
  "%0d%0aSet-Cookie:%20x=1",
  "x".repeat(6000),
];

function authProbes(): Probe[] {
  const probes: Probe[] = [];
  const follow = { redirect: "follow" } as const;
  for (const path of AUTH_PATHS) {
    probes.push({ label: `GET /api/auth/${path} (redirects followed)`, path: `/api/auth/${path}`, init: follow });
    probes.push({
      label: `POST /api/auth/${path} (no body)`,
      path: `/api/auth/${path}`,
      init: { ...follow, method: "POST" },
    });
    probes.push({
      label: `POST /api/auth/${path} (form, no CSRF token)`,
      path: `/api/auth/${path}`,
      init: {
        ...follow,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=a%40b.c&password=x&callbackUrl=https%3A%2F%2Fevil.example",
      },
    });
    probes.push({
      label: `POST /api/auth/${path} (garbage JSON)`,
      path: `/api/auth/${path}`,
      init: { ...follow, method: "POST", headers: { "content-type": "application/json" }, body: '{"a":' },
    });
  }
  for (const error of AUTH_ERRORS) {
    probes.push({
      label: `GET /api/auth/error?error=${error.slice(0, 40)} (redirects followed)`,
      path: `/api/auth/error?error=${error}`,
      init: follow,
    });
    probes.push({ label: `GET /auth-error?error=${error.slice(0, 40)}`, path: `/auth-error?error=${error}`, init: {} });
  }
  probes.push({
    label: "GET /api/auth/signin?callbackUrl=<foreign> (redirects followed)",
    path: "/api/auth/signin?callbackUrl=https%3A%2F%2Fevil.example%2F",
    init: follow,
  });
  return probes;
}

/** A body fetch sends chunked, without Content-Length. */
function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
      controller.close();
    },
  });
}

async function send(baseURL: string, probe: Probe): Promise<Failure | null> {
  try {
    const response = await fetch(baseURL + probe.path, {
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      ...probe.init,
    });
    const body = await response.text();
    if (response.status >= 500) return { label: probe.label, status: response.status, excerpt: body.slice(0, 160) };
    const trace = STACK_TRACE.exec(body);
    if (trace)
      return {
        label: probe.label,
        status: `${response.status} with stack trace`,
        excerpt: body.slice(Math.max(0, trace.index - 60), trace.index + 100),
      };
    return null;
  } catch (error) {
    return { label: probe.label, status: "no answer", excerpt: String(error).slice(0, 160) };
  }
}

test("no page, route or server action answers 5xx or a stack trace to malformed input", async ({ baseURL }) => {
  test.setTimeout(120_000);
  const probes = [
    ...(await pageProbes()),
    ...routeProbes(),
    ...actionProbes(baseURL!),
    ...multipartProbes(baseURL!),
    ...authProbes(),
  ];
  expect(probes.length).toBeGreaterThan(300);
  // A guard against a runaway enumeration, not a limit on the shop: it grows with its pages,
  // routes and actions.
  expect(probes.length).toBeLessThan(2400);
  const started = Date.now();
  const failures: Failure[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < probes.length) {
        const failure = await send(baseURL!, probes[next++]!);
        if (failure) failures.push(failure);
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  console.log(`fuzz: ${probes.length} requests in ${seconds.toFixed(1)} s, ${failures.length} failures`);
  const report = failures.map((f) => `${f.status}  ${f.label}  ${JSON.stringify(f.excerpt)}`).join("\n");
  expect(failures, `${failures.length} of ${probes.length} requests failed:\n${report}`).toEqual([]);
});

test("a multipart post from another origin to a page is refused with a 403 and a code, not Next.js's 500", async ({
  baseURL,
}) => {
  const { type, body } = multipartBodies()[0]!;
  for (const path of MULTIPART_TARGETS.filter((p) => !p.startsWith("/api/"))) {
    for (const origin of FOREIGN_ORIGINS) {
      const response = await fetch(baseURL + path, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": type, Origin: origin, Accept: "application/json" },
        body,
      });
      expect(response.status, `${path} from ${origin}`).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("FOREIGN_ORIGIN");
    }
  }
});

test("/api/auth answers misuse with a 4xx and a code, and its error endpoint leads to the shop's own page", async ({
  baseURL,
}) => {
  for (const [method, path, status] of [
    ["GET", "/api/auth/callback/credentials", 405],
    ["GET", "/api/auth/signin/credentials", 404],
    ["GET", "/api/auth/webauthn-options", 404],
    ["GET", "/api/auth/verify-request", 404],
    ["POST", "/api/auth/nope", 404],
  ] as const) {
    const response = await fetch(baseURL + path, { method, redirect: "manual" });
    expect(response.status, `${method} ${path}`).toBe(status);
    expect(((await response.json()) as { error: { code: string } }).error.code).toMatch(
      /^(NOT_FOUND|METHOD_NOT_ALLOWED)$/,
    );
  }
  for (const code of ["Configuration", "AccessDenied", "Verification", "Default", "Unknown"]) {
    const redirect = await fetch(`${baseURL}/api/auth/error?error=${code}`, { redirect: "manual" });
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get("location")!, baseURL);
    expect(location.origin).toBe(new URL(baseURL!).origin);
    expect(`${location.pathname}${location.search}`).toBe(`/auth-error?error=${code === "Unknown" ? "Default" : code}`);
    const page = await fetch(location, { headers: { Accept: "text/html", "Accept-Language": "en" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    // The shop's frame (its header links home) and a way back to signing in.
    expect(html).toContain("Something went wrong");
    expect(html).toContain('href="/account/sign-in"');
  }
});

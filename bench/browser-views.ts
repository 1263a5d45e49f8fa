// Real browser views of the storefront's pages, for bench/http-pages.ts: a page in Chromium
// (Debian's, or CHROMIUM_PATH) as a first-time visitor, until the network is quiet and the
// router's prefetches are done, counting what the view asked of the server (the document, its
// prefetches and router requests, its JavaScript) and the server's CPU time for all of it.
// The goals (docs/benchmarks.md): ≤ 10 ms of server CPU per view; the JavaScript a page type
// ships, by type.
//
// A view's CPU read around the view itself is at the edge of what /proc can show: a view lasts
// ≈ 2.5 s (the router prefetches when the browser is idle) and the server's background work
// (order worker, the page cache's watch) drifts by more than 10 ms over that. So each view also
// keeps the requests it made, exactly as the browser sent them (URL and headers, its cookies
// included), and `replayCpuMs` sends those same requests again many times over, back to back,
// each time as a new visitor on new connections: the server's CPU per replayed view, the
// background then a small share of a short window.
import http from "node:http";
import { chromium, type Browser } from "@playwright/test";
import { treeCpuSeconds } from "./shop-process";

/** A request a view made of the shop, as the browser sent it. */
export type ViewRequest = { url: string; headers: Record<string, string> };

/** `toNext`: requests that reached Next.js, not answered by a copy of scripts/serve.mjs's front cache (no Age header). */
export type BrowserView = {
  requests: number;
  routerRequests: number;
  toNext: number;
  jsKb: number;
  cpuMs: number;
  elapsedMs: number;
  sent: ViewRequest[];
};

/** Headers that belong to the browser's connection, not to the request (fetch sets its own). */
const CONNECTION_HEADERS = new Set(["host", "connection", "content-length", "keep-alive"]);

export async function openBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
}

/** One view of `url` in a fresh context (no cache, no cookies); `idleCpuMsPerSecond` of background work is not counted. */
export async function browserView(
  browser: Browser,
  url: string,
  serverPid: number,
  idleCpuMsPerSecond = 0,
): Promise<BrowserView> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-GB" });
  const page = await context.newPage();
  const origin = new URL(url).origin;
  const responses: Promise<{ url: string; bytes: number; copy: boolean; headers: Record<string, string> }>[] = [];
  page.on("requestfinished", (request) => {
    if (!request.url().startsWith(origin) || request.method() !== "GET") return;
    responses.push(
      Promise.all([request.sizes(), request.response(), request.allHeaders()]).then(([sizes, response, headers]) => ({
        url: request.url(),
        bytes: sizes.responseBodySize,
        copy: response?.headers()["age"] !== undefined,
        headers,
      })),
    );
  });
  const cpuBefore = treeCpuSeconds(serverPid);
  const started = performance.now();
  await page.goto(url, { waitUntil: "networkidle" });
  // Prefetches start when links enter the viewport and the browser is idle.
  await page.waitForTimeout(1_500);
  await page.waitForLoadState("networkidle");
  const elapsedMs = performance.now() - started;
  const cpuMs = (treeCpuSeconds(serverPid) - cpuBefore) * 1000 - (idleCpuMsPerSecond * elapsedMs) / 1000;
  const finished = await Promise.all(responses);
  await context.close();
  return {
    requests: finished.length,
    routerRequests: finished.filter((r) => new URL(r.url).searchParams.has("_rsc")).length,
    toNext: finished.filter((r) => !r.copy).length,
    jsKb: finished.filter((r) => new URL(r.url).pathname.endsWith(".js")).reduce((sum, r) => sum + r.bytes, 0) / 1024,
    cpuMs,
    elapsedMs,
    sent: finished.map((r) => ({
      url: r.url,
      headers: Object.fromEntries(
        Object.entries(r.headers).filter(([name]) => !CONNECTION_HEADERS.has(name) && !name.startsWith(":")),
      ),
    })),
  };
}

/** One GET over `agent`, read to the end; a 4xx or 5xx is an error. */
function get(agent: http.Agent, request: ViewRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    const url = new URL(request.url);
    http
      .get(
        { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers: request.headers, agent },
        (response) => {
          if ((response.statusCode ?? 500) >= 400)
            reject(new Error(`replay of ${request.url}: HTTP ${response.statusCode}`));
          response.resume();
          response.on("end", resolve);
        },
      )
      .on("error", reject);
  });
}

/**
 * The server's CPU per view, from `times` replays of one view's requests (`parallel` replays at
 * a time), minus `idleCpuMsPerSecond` over the replay's length. Each replay is a new visitor as
 * a fresh browser context is: its own connections (up to six, as Chromium opens to one host),
 * the document first, then the rest of the view's requests at once; the connections are closed
 * after it. Every answer must be a 2xx or 3xx and is read to the end.
 */
export async function replayCpuMs(
  sent: ViewRequest[],
  serverPid: number,
  idleCpuMsPerSecond: number,
  times = 40,
  parallel = 4,
): Promise<number> {
  const documentAt = Math.max(
    0,
    sent.findIndex((request) => request.headers["sec-fetch-dest"] === "document"),
  );
  const document = sent[documentAt];
  const rest = sent.filter((_, index) => index !== documentAt);
  const replayView = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    try {
      if (document) await get(agent, document);
      await Promise.all(rest.map((request) => get(agent, request)));
    } finally {
      agent.destroy();
    }
  };
  const cpuBefore = treeCpuSeconds(serverPid);
  const started = performance.now();
  let left = times;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (left-- > 0) await replayView();
    }),
  );
  const elapsedMs = performance.now() - started;
  return ((treeCpuSeconds(serverPid) - cpuBefore) * 1000 - (idleCpuMsPerSecond * elapsedMs) / 1000) / times;
}

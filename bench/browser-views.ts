// Real browser views of the storefront's pages, for bench/http-pages.ts: a page in Chromium
// (Debian's, or CHROMIUM_PATH) as a first-time visitor, until the network is quiet and the
// router's prefetches are done, counting what the view asked of the server (the document, its
// prefetches and router requests, its JavaScript) and the server's CPU time for all of it.
// Issue [13]'s goals: ≤ 10 ms of server CPU per view; the JavaScript a page type ships, by type.
import { chromium, type Browser } from "@playwright/test";
import { treeCpuSeconds } from "./shop-process";

/** `toNext`: requests that reached Next.js, not answered by a copy of scripts/serve.mjs's front cache (no Age header). */
export type BrowserView = { requests: number; routerRequests: number; toNext: number; jsKb: number; cpuMs: number; elapsedMs: number };

export async function openBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
}

/** One view of `url` in a fresh context (no cache, no cookies); `idleCpuMsPerSecond` of background work is not counted. */
export async function browserView(browser: Browser, url: string, serverPid: number, idleCpuMsPerSecond = 0): Promise<BrowserView> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const origin = new URL(url).origin;
  const responses: Promise<{ url: string; bytes: number; copy: boolean }>[] = [];
  page.on("requestfinished", (request) => {
    if (!request.url().startsWith(origin)) return;
    responses.push(Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({ url: request.url(), bytes: sizes.responseBodySize, copy: response?.headers()["age"] !== undefined })));
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
  };
}

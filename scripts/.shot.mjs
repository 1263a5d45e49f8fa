import { chromium } from "@playwright/test";
const [url, out, width = "1280", scheme = "light", full = "1"] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 800 }, colorScheme: scheme });
await page.goto(url, { waitUntil: "load" });
await page.screenshot({ path: out, fullPage: full === "1" });
await browser.close();

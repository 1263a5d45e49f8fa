// Draws the shop's icons from app/icon.svg (the one source of the mark) into public/: the
// favicon (ICO with 16, 32 and 48 px PNGs), the home-screen icons of the web manifest (192
// and 512 px, and a maskable 512 px with the safe-zone margin) and Apple's touch icon (180 px).
// Run after changing the mark:  npx tsx scripts/make-icons.mts  (needs Chromium, STACK.md).
import { chromium } from "@playwright/test";
import { readFileSync, writeFileSync } from "node:fs";

const svg = readFileSync("app/icon.svg", "utf8");

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  const page = await browser.newPage();
  const draw = async (size: number, maskable = false): Promise<Buffer> => {
    await page.setViewportSize({ width: size, height: size });
    // Maskable icons may be cropped to a circle of 80 % of the size: the mark sits inside it.
    const inner = maskable ? Math.round(size * 0.8) : size;
    const background = maskable ? "#4338ca" : "transparent";
    await page.setContent(
      `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${background}">` +
        svg.replace("<svg ", `<svg width="${inner}" height="${inner}" `) +
        `</body></html>`,
    );
    return page.screenshot({ omitBackground: !maskable, clip: { x: 0, y: 0, width: size, height: size } });
  };
  writeFileSync("public/icons/icon-192.png", await draw(192));
  writeFileSync("public/icons/icon-512.png", await draw(512));
  writeFileSync("public/icons/icon-maskable-512.png", await draw(512, true));
  writeFileSync("public/apple-touch-icon.png", await draw(180, true));
  writeFileSync(
    "public/favicon.ico",
    ico([
      [16, await draw(16)],
      [32, await draw(32)],
      [48, await draw(48)],
    ]),
  );
  await browser.close();
}

/** An ICO file holding PNG images (supported by every current browser). */
function ico(images: Array<[number, Buffer]>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(([size, png]) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(([, png]) => png)]);
}

main();

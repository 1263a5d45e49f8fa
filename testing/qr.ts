// Decodes a QR code from a PNG, as a phone's camera would: used by tests on the eSIM QR code in
// mail (an inline PNG) and on the order page (a screenshot).
import jsQR from "jsqr";
import { PNG } from "pngjs";

export function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

import QRCode from "qrcode";

/**
 * A QR code as a PNG carrying exactly `text` (an eSIM's LPA string: a phone's camera reads it as
 * is): error correction M and a quiet zone of 4 modules, as the order page's drawn QR. One
 * drawing for the delivery mail's inline image and the order's file route.
 */
export async function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: "png", errorCorrectionLevel: "M", margin: 4, width: 480 });
}

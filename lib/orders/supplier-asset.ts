import "server-only";
import { logger } from "@/lib/log";

// A file the supplier hosts for one order (an eSIM's QR image when the shop cannot draw it, an IMEI
// check's PDF report), fetched by the shop and served from the shop's own address, so a buyer never
// sees or contacts the supplier's host (docs/storefront.md, "Across the shop"). Only the expected
// types, at most maxBytes, no redirects, a short timeout: anything else is "not available".

export type SupplierAsset = { body: Uint8Array<ArrayBuffer>; contentType: string };

export async function fetchSupplierAsset(
  url: string,
  { types, maxBytes, timeoutMs = 8_000 }: { types: ReadonlySet<string>; maxBytes: number; timeoutMs?: number },
): Promise<SupplierAsset | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  try {
    const response = await fetch(parsed, {
      redirect: "error",
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: [...types].join(", ") },
    });
    const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!response.ok || !types.has(contentType)) return null;
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > maxBytes) return null;
    const body = new Uint8Array(await response.arrayBuffer());
    if (body.byteLength === 0 || body.byteLength > maxBytes) return null;
    return { body, contentType };
  } catch (error) {
    logger.warn(
      { host: parsed.host, err: error instanceof Error ? error.message : String(error) },
      "supplier file not fetched",
    );
    return null;
  }
}

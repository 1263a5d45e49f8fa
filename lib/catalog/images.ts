import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { upstreamEndpoints } from "@/lib/upstream/endpoints";

// Upstream images (operator and brand logos, device pictures) reach the browser only through
// the shop (docs/storefront.md "Image proxy"): a page turns the upstream's `img` URL into a shop
// URL with `catalogImageUrl`; the route app/api/catalog-images/[ref] fetches it server-side
// (./image-fetcher.ts) and caches it. The route must not become an open proxy: it accepts only
// URLs on the configured upstreams' own origins, and only refs the shop signed (an HMAC over the
// URL), so never another path on the upstream's host that a crafted ref spells out.

export const CATALOG_IMAGE_PATH = "/api/catalog-images";

/** Longest upstream URL accepted: logo URLs are short; a long one is not an image link. */
const MAX_URL_LENGTH = 1_000;

/** Origins images may come from: the commerce and unlocking APIs as configured. */
export function catalogImageOrigins(): string[] {
  const endpoints = upstreamEndpoints();
  const origins = [endpoints.commerce.baseUrl, endpoints.unlock.baseUrl]
    .map(originOf)
    .filter((o): o is string => o !== null);
  return [...new Set(origins)];
}

/**
 * The shop URL that serves `upstreamUrl`, e.g. `/api/catalog-images/aHR0cDovLzEy…`, or null
 * when there is no image or it is not on an upstream's origin (the page shows its fallback).
 */
export function catalogImageUrl(upstreamUrl: string | null | undefined): string | null {
  if (!upstreamUrl) return null;
  const url = allowedImageUrl(upstreamUrl, catalogImageOrigins());
  return url ? `${CATALOG_IMAGE_PATH}/${encodeImageRef(url)}` : null;
}

/** The upstream URL a shop image path stands for, if the shop made that path and it is still an allowed URL. */
export function decodeImageRef(ref: string, origins: readonly string[]): URL | null {
  const parts = /^([A-Za-z0-9_-]{1,1400})\.([A-Za-z0-9_-]{22})$/.exec(ref);
  if (!parts) return null;
  const text = Buffer.from(parts[1]!, "base64url").toString("utf8");
  if (!sameSignature(parts[2]!, signatureOf(text))) return null;
  // Only the canonical encoding: one URL, one shop path (and one cache entry).
  const url = allowedImageUrl(text, origins);
  return url && encodeImageRef(url) === ref ? url : null;
}

/** `<base64url of the URL>.<its HMAC>`: only the shop can make one. */
export function encodeImageRef(url: URL): string {
  return `${Buffer.from(url.href, "utf8").toString("base64url")}.${signatureOf(url.href)}`;
}

/** 128 bits of HMAC-SHA256 over the URL, with a key of its own derived from AUTH_SECRET. */
function signatureOf(href: string): string {
  const key = createHmac("sha256", env.AUTH_SECRET).update("catalog-image-ref v1").digest();
  return createHmac("sha256", key).update(href, "utf8").digest("base64url").slice(0, 22);
}

function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `raw` as a URL if it is http(s), without credentials or fragment, on one of `origins`. */
export function allowedImageUrl(raw: string, origins: readonly string[]): URL | null {
  if (raw.length > MAX_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.hash) return null;
  return origins.includes(url.origin) ? url : null;
}

function originOf(baseUrl: string): string | null {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return null;
  }
}

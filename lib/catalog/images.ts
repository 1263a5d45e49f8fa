import "server-only";
import { upstreamEndpoints } from "@/lib/upstream/endpoints";

// Upstream images (operator and brand logos, device pictures) reach the browser only through
// the shop: DESIGN.md "the browser never talks to an upstream". A page turns the upstream's
// `img` URL into a shop URL with `catalogImageUrl`; the route app/api/catalog-images/[ref]
// fetches it server-side (./image-fetcher.ts) and caches it.
//
// Only URLs on the configured upstreams' own origins (scheme, host and port of the commerce
// and unlocking base URLs, or of the embedded emulator) are accepted, by both functions: the
// route must not become an open proxy that fetches whatever a crafted link names.

export const CATALOG_IMAGE_PATH = "/api/catalog-images";

/** Longest upstream URL accepted: logo URLs are short; a long one is not an image link. */
const MAX_URL_LENGTH = 1_000;

/** Origins images may come from: the commerce and unlocking APIs as configured. */
export function catalogImageOrigins(): string[] {
  const endpoints = upstreamEndpoints();
  const origins = [endpoints.commerce.baseUrl, endpoints.unlock.baseUrl].map(originOf).filter((o): o is string => o !== null);
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

/** The upstream URL a shop image path stands for, if it is still an allowed one. */
export function decodeImageRef(ref: string, origins: readonly string[]): URL | null {
  if (!/^[A-Za-z0-9_-]{1,1400}$/.test(ref)) return null;
  const text = Buffer.from(ref, "base64url").toString("utf8");
  // Only the canonical encoding: one URL, one shop path (and one cache entry).
  const url = allowedImageUrl(text, origins);
  return url && encodeImageRef(url) === ref ? url : null;
}

export function encodeImageRef(url: URL): string {
  return Buffer.from(url.href, "utf8").toString("base64url");
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

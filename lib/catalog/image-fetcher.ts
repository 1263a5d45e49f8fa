import "server-only";
import { createHash } from "node:crypto";
import { logger } from "@/lib/log";

// Fetches an upstream image for the shop's image route and keeps it: a small in-memory cache
// (least recently used first out) in front of long browser caching (the route's
// Cache-Control). Images are not essential data: after a restart they are fetched again, and
// while the upstream is down a kept copy is served past its freshness (stale-on-failure).
// Image URLs need no credential, so nothing but the URL is sent.

export type ImageFile = { body: Uint8Array; contentType: string; etag: string; fetchedAt: number };

export type ImageOutcome =
  | { kind: "ok"; image: ImageFile; stale: boolean }
  /** The upstream has no such image, or it is not an image we serve (type, size, redirect). */
  | { kind: "not_found" }
  /** The upstream could not be reached and nothing is kept. */
  | { kind: "unavailable" }
  /** Not kept, and the caller's `admit` refused to fetch it (the visitor's image-miss limit). */
  | { kind: "refused"; retryAfterSeconds: number; message: string };

/** Asked before a request that would reach the upstream (a miss that no other request is already fetching). */
export type AdmitMiss = () => Promise<
  { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string }
>;

export type ImageFetcherOptions = {
  fetch?: typeof fetch;
  now?: () => number;
  /** How long a fetched image is served without asking again. */
  freshMs?: number;
  /** How long "no such image" is remembered, so a broken link does not hit the upstream per view. */
  missingMs?: number;
  maxImageBytes?: number;
  maxTotalBytes?: number;
  maxEntries?: number;
  timeoutMs?: number;
  /** Waits for the upstream request budget; a rejection counts as "unavailable". */
  beforeFetch?: (url: URL) => Promise<void>;
};

/** The image types the route serves; anything else (HTML, JSON, scripts) is refused. */
export const IMAGE_TYPES = new Set([
  "image/svg+xml",
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
]);

type Entry = { image?: ImageFile; missingUntil?: number; size: number };
type Fetched = { kind: "ok"; image: ImageFile } | { kind: "not_found" } | { kind: "unavailable" };

export function createImageFetcher(options: ImageFetcherOptions = {}) {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const freshMs = options.freshMs ?? 24 * 60 * 60_000;
  const missingMs = options.missingMs ?? 5 * 60_000;
  const maxImageBytes = options.maxImageBytes ?? 512 * 1024;
  const maxTotalBytes = options.maxTotalBytes ?? 32 * 1024 * 1024;
  const maxEntries = options.maxEntries ?? 2_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const entries = new Map<string, Entry>();
  const flights = new Map<string, Promise<Fetched>>();
  let totalBytes = 0;

  function remember(key: string, entry: Entry) {
    forget(key);
    entries.set(key, entry);
    totalBytes += entry.size;
    for (const [oldest, old] of entries) {
      if (entries.size <= maxEntries && totalBytes <= maxTotalBytes) break;
      entries.delete(oldest);
      totalBytes -= old.size;
    }
  }

  function forget(key: string) {
    const old = entries.get(key);
    if (old) {
      entries.delete(key);
      totalBytes -= old.size;
    }
  }

  async function download(url: URL): Promise<Fetched> {
    try {
      await options.beforeFetch?.(url);
      const response = await doFetch(url, {
        // A redirect could lead anywhere: only the allowed origin's own answer counts.
        redirect: "manual",
        headers: { Accept: "image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8" },
        signal: AbortSignal.timeout(timeoutMs),
        cache: "no-store",
      });
      if (response.status >= 500 || response.status === 429) {
        await response.body?.cancel();
        return { kind: "unavailable" };
      }
      const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      const declaredLength = Number(response.headers.get("content-length") ?? "0");
      if (response.status !== 200 || !IMAGE_TYPES.has(contentType) || declaredLength > maxImageBytes) {
        await response.body?.cancel();
        return { kind: "not_found" };
      }
      const body = await readLimited(response, maxImageBytes);
      if (!body) return { kind: "not_found" };
      const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
      return { kind: "ok", image: { body, contentType, etag, fetchedAt: now() } };
    } catch (error) {
      logger.warn({ err: error, origin: url.origin }, "catalog image could not be fetched");
      return { kind: "unavailable" };
    }
  }

  return {
    async get(url: URL, admit?: AdmitMiss): Promise<ImageOutcome> {
      const key = url.href;
      const kept = entries.get(key);
      if (kept) {
        // Touch: most recently used goes to the end of the map.
        entries.delete(key);
        entries.set(key, kept);
        if (kept.image && now() - kept.image.fetchedAt < freshMs)
          return { kind: "ok", image: kept.image, stale: false };
        if (kept.missingUntil !== undefined && now() < kept.missingUntil) return { kind: "not_found" };
      }
      let flight = flights.get(key);
      if (!flight) {
        const verdict = await admit?.();
        if (verdict && !verdict.allowed) {
          // A kept (expired) copy costs nothing to serve: better than a refusal.
          if (kept?.image) return { kind: "ok", image: kept.image, stale: true };
          return { kind: "refused", retryAfterSeconds: verdict.retryAfterSeconds, message: verdict.message };
        }
        flight = flights.get(key) ?? download(url).finally(() => flights.delete(key));
        flights.set(key, flight);
      }
      const fetched = await flight;
      if (fetched.kind === "ok") {
        remember(key, { image: fetched.image, size: fetched.image.body.byteLength });
        return { kind: "ok", image: fetched.image, stale: false };
      }
      if (fetched.kind === "not_found") {
        remember(key, { missingUntil: now() + missingMs, size: 0 });
        return fetched;
      }
      // Upstream down: an old copy is better than a broken image.
      const old = entries.get(key)?.image;
      return old ? { kind: "ok", image: old, stale: true } : fetched;
    },
    /** For tests and staff: how many images are kept. */
    size: () => entries.size,
  };
}

export type ImageFetcher = ReturnType<typeof createImageFetcher>;

/** The body, or null when it is larger than `limit` bytes (reading stops there). */
async function readLimited(response: Response, limit: number): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

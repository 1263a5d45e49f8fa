import { catalogImageOrigins, decodeImageRef } from "@/lib/catalog/images";
import { db } from "@/lib/db";
import { visitorKey } from "@/lib/security/client-address";
import { limitVisitor, VISITOR_LIMITED_CODE } from "@/lib/security/visitor-limits";
import { upstreamBudget } from "@/lib/upstream/budget/default";
import { upstreamEndpoints } from "@/lib/upstream/endpoints";
import { createImageFetcher, type ImageFetcher } from "@/lib/catalog/image-fetcher";

// GET /api/catalog-images/{ref}: an upstream logo or picture, served by the shop
// (lib/catalog/images.ts makes and signs the refs). Anything that is not a ref the shop made
// for an allowed upstream URL, not found there, or not an image is a 404. An upstream that
// fails or is too slow never makes a 5xx: the last good copy is served (marked
// `X-Catalog-Image: stale`, short max-age), else a neutral placeholder (marked `placeholder`,
// a few seconds' max-age, no validator, and not kept by the fetcher, so the next view asks
// the upstream again). An image the shop does not keep yet costs an upstream call, so it
// spends one point of the visitor's image-miss limit: over it, 429 TOO_MANY_REQUESTS with
// Retry-After (lib/security/visitor-limits.ts).

const globalForImages = globalThis as unknown as { __catalogImages?: ImageFetcher };

function appFetcher(): ImageFetcher {
  return (globalForImages.__catalogImages ??= createImageFetcher({
    // Image fetches count against the upstream's request budget like catalog reads.
    beforeFetch: (url) =>
      upstreamBudget.acquire(
        url.origin === new URL(upstreamEndpoints().commerce.baseUrl).origin ? "commerce" : "unlock",
        "catalog",
      ),
  }));
}

const DAY_SECONDS = 24 * 60 * 60;

export async function GET(request: Request, { params }: { params: Promise<{ ref: string }> }): Promise<Response> {
  const { ref } = await params;
  const url = decodeImageRef(ref, catalogImageOrigins());
  if (!url) return problem(404, "IMAGE_NOT_FOUND", "No such image.");

  const outcome = await appFetcher().get(url, () => limitVisitor(db, "imageMiss", visitorKey(request.headers)));
  if (outcome.kind === "refused")
    return problem(429, VISITOR_LIMITED_CODE, outcome.message, { "Retry-After": String(outcome.retryAfterSeconds) });
  if (outcome.kind === "not_found") return problem(404, "IMAGE_NOT_FOUND", "No such image.");
  if (outcome.kind === "unavailable") {
    // Nothing kept and the upstream failed: a blank tile the browser and the front cache keep
    // only briefly, with no ETag to revalidate against, so a later view gets the real image.
    return new Response(PLACEHOLDER_SVG, {
      status: 200,
      headers: imageHeaders("image/svg+xml", `public, max-age=${PLACEHOLDER_MAX_AGE}`, {
        "X-Catalog-Image": "placeholder",
      }),
    });
  }

  const { image, stale } = outcome;
  const headers = imageHeaders(
    image.contentType,
    // A logo never changes under its URL; a copy kept through an outage is re-checked sooner.
    stale
      ? `public, max-age=${STALE_MAX_AGE}`
      : `public, max-age=${DAY_SECONDS}, stale-while-revalidate=${7 * DAY_SECONDS}`,
    stale ? { ETag: image.etag, "X-Catalog-Image": "stale" } : { ETag: image.etag },
  );
  if (request.headers.get("if-none-match") === image.etag) return new Response(null, { status: 304, headers });
  return new Response(image.body as BodyInit, { status: 200, headers });
}

/** Seconds a copy served past its freshness (the upstream failing) may be kept. */
const STALE_MAX_AGE = 300;
/** Seconds the placeholder may be kept: long enough to spare a failing upstream a burst, short enough to recover soon. */
const PLACEHOLDER_MAX_AGE = 10;
/** A neutral tile in the logos' place: no text, no script, the same square the pages draw. */
const PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#e5e7eb"/></svg>';

function imageHeaders(contentType: string, cacheControl: string, extra: Record<string, string>): Headers {
  return new Headers({
    "Content-Type": contentType,
    "Cache-Control": cacheControl,
    "X-Content-Type-Options": "nosniff",
    // An SVG opened on its own must not run scripts on the shop's origin.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
    ...extra,
  });
}

function problem(status: number, code: string, message: string, extra: Record<string, string> = {}): Response {
  return Response.json(
    { error: { code, message } },
    { status, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...extra } },
  );
}

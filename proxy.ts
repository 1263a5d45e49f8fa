// Runs before every request but static build files (Next.js 16 "proxy": what Next.js 15 called
// middleware). Its security duties (docs/security.md; the submitter cookie is below):
//  - every answer carries a nonce CSP (a fresh nonce per response, handed to Next on the request
//    so its own scripts and app/layout.tsx's theme script carry it) and the other security
//    headers (lib/http/security-headers.ts);
//  - malformed requests Next would answer with a 500 get a 4xx and a clear message instead
//    (lib/http/malformed-request.ts): bad percent-encoding in the path, server-action posts (and
//    multipart posts to pages) from another origin than APP_URL's, too large, or undecodable.
//    (An unparseable router state header never reaches the proxy, Next strips it first:
//    scripts/serve.mjs refuses it, lib/http/router-state.mjs.)
import { NextResponse, type NextRequest } from "next/server";
import {
  actionBodyProblem,
  actionOriginProblem,
  actionSizeProblem,
  formPostProblem,
  isActionPost,
  pathProblem,
  type RequestProblem,
} from "@/lib/http/malformed-request";
import { cachedTwinPath, isCachedTwinPath, type CachedPageRequest } from "@/lib/http/cached-pages";
import {
  cachedPageContentSecurityPolicy,
  contentSecurityPolicy,
  isHttpsAppUrl,
  newNonce,
  staticSecurityHeaders,
} from "@/lib/http/security-headers";
import {
  needsSubmitterCookie,
  newSubmitterSecret,
  submitterCookie,
  submitterCookieName,
} from "@/lib/orders/submitter-cookie.mjs";
import { PAGE_TWIN_HEADER } from "@/lib/page-cache/handler.mjs";
import {
  isDocumentRequest,
  isLocalizedPath,
  localeCookie,
  localeRedirect,
  LOCALE_COOKIE,
  splitLocale,
} from "@/lib/i18n/locale-routing.mjs";
import { alternateLinks } from "@/lib/i18n/alternates";
import {
  chosenCurrency,
  currencyCookie,
  CURRENCY_COOKIE,
  CURRENCY_HEADER,
  visitorCurrency,
  withoutCurrencyParam,
} from "@/lib/i18n/currency-routing.mjs";

// Product pages: gives a browser its submitter cookie (lib/orders/submitter.ts)
// when it opens a product page, before any "Pay": two tabs of one review then present the same
// submitter, even when both pay at once, and so reach one order. The pay actions still set it
// when it is absent.
function giveSubmitterCookie(request: NextRequest, response: NextResponse, https: boolean): void {
  if (
    !needsSubmitterCookie(request.method, request.nextUrl.pathname, request.cookies.get(submitterCookieName())?.value)
  )
    return;
  response.cookies.set(submitterCookie(newSubmitterSecret(), request.nextUrl.protocol === "https:" || https));
}

function withSecurityHeaders(response: Response, csp: string, https: boolean): Response {
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of staticSecurityHeaders({ https })) response.headers.set(name, value);
  return response;
}

function problemResponse(
  request: NextRequest,
  problem: RequestProblem | { status: 404; code: string; message: string },
): Response {
  const wantsHtml =
    request.method === "GET" &&
    (request.headers.get("accept") ?? "").includes("text/html") &&
    !request.headers.has("rsc");
  if (wantsHtml) {
    // English like the message it shows; the title names the page, as the shop's own pages do.
    const heading =
      problem.status === 400
        ? "This address is not valid"
        : problem.status === 404
          ? "Page not found"
          : "Request refused";
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${heading} · Relay</title></head><body><main><h1>${heading}</h1><p>${problem.message}</p><p><a href="/">Go to the shop</a></p></main></body></html>`;
    return new Response(html, {
      status: problem.status,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
    });
  }
  return NextResponse.json(
    { error: { code: problem.code, message: problem.message } },
    { status: problem.status, headers: { "cache-control": "no-store" } },
  );
}

async function requestProblem(request: NextRequest): Promise<RequestProblem | null> {
  const problem = pathProblem(request.nextUrl.pathname);
  if (problem) return problem;
  const nextAction = request.headers.has("next-action");
  // Server actions, and multipart posts to pages (Next reads them as form actions).
  const actionPost = isActionPost(request.method, request.nextUrl.pathname, {
    nextAction,
    contentType: request.headers.get("content-type"),
  });
  if (!actionPost) return null;
  // The shop's origin is APP_URL's, never the Host or X-Forwarded-Host sent (docs/security.md, "Hosts and origins").
  return (
    actionOriginProblem(request.headers.get("origin"), process.env.APP_URL) ??
    actionSizeProblem(request.headers.get("content-length"), request.body !== null) ??
    (nextAction ? await actionBodyProblem(request.clone()) : await formPostProblem(request.clone()))
  );
}

function cachedPageRequest(request: NextRequest, pathname: string): CachedPageRequest {
  return {
    method: request.method,
    pathname,
    searchParams: request.nextUrl.searchParams,
    cookieNames: request.cookies.getAll().map((cookie) => cookie.name),
    isAction: request.headers.has("next-action"),
    currency: visitorCurrency({
      cookie: request.cookies.get(CURRENCY_COOKIE)?.value,
      acceptLanguage: request.headers.get("accept-language"),
    }),
  };
}

function setAlternates(response: NextResponse, path: string): void {
  const links = alternateLinks(path);
  if (links) response.headers.set("link", links);
}

/** next-intl's request header for the language (its middleware would set it; this proxy does). */
const NEXT_INTL_LOCALE_HEADER = "X-NEXT-INTL-LOCALE";

/** A page load in the wrong language is sent to the right one (lib/i18n/locale-routing.mjs). */
function languageRedirect(request: NextRequest, https: boolean): NextResponse | null {
  const redirect = localeRedirect({
    method: request.method,
    pathname: request.nextUrl.pathname,
    searchParams: request.nextUrl.searchParams,
    cookie: request.cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: request.headers.get("accept-language"),
    isDocument: isDocumentRequest((name) => request.headers.get(name)),
  });
  if (!redirect) return null;
  const response = NextResponse.redirect(new URL(redirect.location, request.url), 307);
  response.headers.set("cache-control", "no-store");
  if (redirect.remember)
    response.cookies.set(localeCookie(redirect.remember, request.nextUrl.protocol === "https:" || https));
  return response;
}

/**
 * The currency switcher's link (?currency=usd) is remembered in a cookie and sent back to
 * the same page without the parameter (lib/i18n/currency-routing.mjs). Page loads only, as the
 * language switcher.
 */
function currencyRedirect(request: NextRequest, https: boolean): NextResponse | null {
  const chosen = chosenCurrency(request.nextUrl.searchParams);
  if (!chosen || (request.method !== "GET" && request.method !== "HEAD") || !isLocalizedPath(request.nextUrl.pathname))
    return null;
  if (!isDocumentRequest((name) => request.headers.get(name))) return null;
  const response = NextResponse.redirect(
    new URL(withoutCurrencyParam(request.nextUrl.pathname, request.nextUrl.searchParams), request.url),
    307,
  );
  response.headers.set("cache-control", "no-store");
  response.cookies.set(currencyCookie(chosen, request.nextUrl.protocol === "https:" || https));
  return response;
}

export async function proxy(request: NextRequest) {
  const https = isHttpsAppUrl(process.env.APP_URL);
  const dev = process.env.NODE_ENV === "development";
  const problem = await requestProblem(request);
  if (problem)
    return withSecurityHeaders(
      problemResponse(request, problem),
      contentSecurityPolicy(newNonce(), { dev, https }),
      https,
    );

  const redirect = currencyRedirect(request, https) ?? languageRedirect(request, https);
  if (redirect) return withSecurityHeaders(redirect, contentSecurityPolicy(newNonce(), { dev, https }), https);

  // Buyer pages live under app/[locale]: /topup is rendered by /en/topup, /es/topup by itself.
  const localized = isLocalizedPath(request.nextUrl.pathname);
  const { locale, path } = splitLocale(request.nextUrl.pathname);

  // Catalog pages for anonymous visitors come from the page cache (lib/http/cached-pages.ts):
  // one rendering for everyone, so no nonce; their twins are not addressable from outside.
  const pageRequest = cachedPageRequest(request, localized ? path : request.nextUrl.pathname);
  if (isCachedTwinPath(pageRequest.pathname)) {
    return withSecurityHeaders(
      problemResponse(request, { status: 404, code: "NOT_FOUND", message: "There is no page at this address." }),
      contentSecurityPolicy(newNonce(), { dev, https }),
      https,
    );
  }
  const twin = localized ? cachedTwinPath(pageRequest) : null;
  if (twin) {
    // The cached-page CSP is completed with the document's script hashes by scripts/serve.mjs;
    // `next dev` renders every page per request without it, so there a twin gets a nonce too.
    const devCsp = dev ? contentSecurityPolicy(newNonce(), { dev, https }) : null;
    const devHeaders = devCsp ? new Headers(request.headers) : null;
    if (devHeaders && devCsp) devHeaders.set("Content-Security-Policy", devCsp);
    const response = NextResponse.rewrite(
      new URL(`/${locale}${twin}${request.nextUrl.search}`, request.url),
      devHeaders ? { request: { headers: devHeaders } } : undefined,
    );
    // scripts/serve.mjs may keep this answer in front of Next.js (lib/http/front-cache.mjs),
    // while the twin's rendering is fresh and until its scope's pages are expired; it takes
    // the header off.
    response.headers.set(PAGE_TWIN_HEADER, `/${locale}${twin}`);
    setAlternates(response, path);
    giveSubmitterCookie(request, response, https);
    return withSecurityHeaders(response, devCsp ?? cachedPageContentSecurityPolicy({ dev, https }), https);
  }

  const nonce = newNonce();
  const csp = contentSecurityPolicy(nonce, { dev, https });

  // Next reads the nonce from the request's CSP header for its own scripts.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", csp);
  // next-intl reads the language of a server action or a route handler from this header (pages
  // read theirs from the route: lib/i18n/request.ts).
  if (localized) requestHeaders.set(NEXT_INTL_LOCALE_HEADER, locale);
  // Pages, actions and routes price in the visitor's currency (lib/i18n/page-currency.ts reads it).
  requestHeaders.set(CURRENCY_HEADER, pageRequest.currency);
  const internal = `/${locale}${path === "/" ? "" : path}`;
  const response =
    localized && internal !== request.nextUrl.pathname
      ? NextResponse.rewrite(new URL(`${internal}${request.nextUrl.search}`, request.url), {
          request: { headers: requestHeaders },
        })
      : NextResponse.next({ request: { headers: requestHeaders } });
  if (localized) setAlternates(response, path);
  giveSubmitterCookie(request, response, https);
  return withSecurityHeaders(response, csp, https);
}

export const config = {
  // Build files under /_next/static get their headers from next.config.mjs. So do the two webhook
  // receivers: a request the proxy sees has its body buffered by Next (up to 10 MB) before the
  // route runs, and those routes read deliveries as a stream with their own 512 KiB cap.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|api/webhooks/|api/payments/stripe/webhook).*)"],
};

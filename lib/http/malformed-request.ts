// Requests Next.js would answer with a 500 (docs/security.md), recognised before
// they reach it and refused with a 4xx and a clear message: paths that are not valid UTF-8 once
// percent-decoded, server-action posts (and multipart posts to pages) from another origin than
// APP_URL's, too large, or whose body React (or the form parser) could not decode. Pure
// functions of the request, called by proxy.ts; unit-tested in malformed-request.test.ts.
// (The router state header never reaches proxy.ts: Next strips it first; scripts/serve.mjs
// checks it with lib/http/router-state.mjs.)

import { envSchema } from "@/lib/env-schema";

export type RequestProblem = { status: 400 | 403 | 411 | 413 | 414; code: string; message: string };

/** Next's default server-action body limit (next.config.mjs keeps it). */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

const CONTROL = /\p{Cc}/u;

/**
 * No address of the shop comes near this. A longer one is refused before routing: rewritten
 * into a language, Next.js would echo it in response headers, and past 16 KiB of headers
 * clients (Node's fetch among them) drop the answer altogether.
 */
export const MAX_PATH_LENGTH = 2048;

/** A path too long to be an address of the shop, whose segments do not decode (bad or non-UTF-8 escapes) or that holds control characters. */
export function pathProblem(rawPath: string): RequestProblem | null {
  if (rawPath.length > MAX_PATH_LENGTH)
    return {
      status: 414,
      code: "PATH_TOO_LONG",
      message: `The address is too long (more than ${MAX_PATH_LENGTH} characters).`,
    };
  for (const segment of rawPath.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return {
        status: 400,
        code: "BAD_PATH",
        message: "The address contains an invalid percent-encoding (not UTF-8).",
      };
    }
    if (CONTROL.test(decoded))
      return { status: 400, code: "BAD_PATH", message: "The address contains control characters." };
  }
  return null;
}

/**
 * Server actions refuse a foreign Origin (CSRF); Next does so with a 500. An absent Origin
 * passes (not a browser: Next's rule too); any other must be the shop's public origin, APP_URL's
 * (scheme, host and port), and nothing else: never the Host or X-Forwarded-Host the request
 * names, which the sender chooses (docs/security.md, "Hosts and origins"). APP_URL unset: the
 * env contract's default.
 */
export function actionOriginProblem(origin: string | null, appUrl: string | undefined): RequestProblem | null {
  if (origin === null) return null;
  const refused: RequestProblem = {
    status: 403,
    code: "FOREIGN_ORIGIN",
    message: "Server actions only accept requests from this shop's own pages.",
  };
  let sent: string;
  let own: string;
  try {
    sent = new URL(origin).origin;
    own = new URL(appUrl || envSchema.shape.APP_URL.parse(undefined)).origin;
  } catch {
    return refused;
  }
  return sent !== "null" && sent === own ? null : refused;
}

/**
 * Whether a request may reach Next's server-action handler, which answers a foreign Origin, an
 * oversized body or one it cannot decode with a 500: a fetch-style action (a Next-Action header)
 * anywhere, and any multipart post to a page (Next reads it as a form action posted without
 * JavaScript, whatever its body). Route handlers (/api) are not pages: they read their own bodies.
 */
export function isActionPost(
  method: string,
  pathname: string,
  request: { nextAction: boolean; contentType: string | null },
): boolean {
  if (method !== "POST") return false;
  if (request.nextAction) return true;
  const multipart = (request.contentType ?? "").trim().toLowerCase().startsWith("multipart/form-data");
  return multipart && pathname !== "/api" && !pathname.startsWith("/api/");
}

/**
 * The body of a multipart post to a page without a Next-Action header (isActionPost): Next
 * reads it as a form, for a form action posted without JavaScript, and answers one it cannot
 * parse with a 500.
 */
export async function formPostProblem(request: Request): Promise<RequestProblem | null> {
  try {
    await request.formData();
    return null;
  } catch {
    return {
      status: 400,
      code: "BAD_FORM_BODY",
      message: "The form's body could not be read (malformed multipart/form-data).",
    };
  }
}

/**
 * A server-action post must say its length: a streamed (chunked) body could only be measured by
 * reading it, and Next answers one past its own limit with a 500. Browsers always send the length.
 */
export function actionSizeProblem(
  contentLength: string | null,
  hasBody: boolean,
  limit = ACTION_BODY_LIMIT_BYTES,
): RequestProblem | null {
  if (contentLength === null)
    return hasBody
      ? { status: 411, code: "LENGTH_REQUIRED", message: "A server action post needs a Content-Length header." }
      : null;
  const bytes = Number(contentLength);
  if (!Number.isFinite(bytes) || bytes < 0)
    return { status: 400, code: "BAD_CONTENT_LENGTH", message: "The Content-Length header is not a number." };
  if (bytes > limit)
    return {
      status: 413,
      code: "BODY_TOO_LARGE",
      message: `A server action body may be at most ${Math.floor(limit / 1024)} KiB.`,
    };
  return null;
}

const badBody: RequestProblem = {
  status: 400,
  code: "BAD_ACTION_BODY",
  message: "The server action's arguments could not be decoded.",
};

// Strings React's reply decoder reads as values, not as references to other rows.
// ($$ escaped string, $I Infinity, $-0 / $-Infinity, $N NaN, $u undefined, $D date, $T temporary
// reference, $n bigint of at most 300 digits, $K form data by prefix.)
function inlineTagOk(value: string): boolean {
  const tag = value[1];
  if (tag === undefined) return true;
  if ("$ITuD".includes(tag)) return true;
  if (tag === "-") return value === "$-0" || value === "$-Infinity";
  if (tag === "N") return value === "$NaN";
  if (tag === "n") return /^\$n-?\d{1,300}$/.test(value);
  return false;
}

// An outlined reference: "$<hex>" or "$<tag><hex>" naming another row of the multipart body.
function referencedRow(value: string): string | null {
  const m = /^\$([@hQWiABRrXxFOoUSsLlGgMmVb]?)([0-9a-f]+)(?::.*)?$/.exec(value);
  return m?.[2] ? String(parseInt(m[2], 16)) : null;
}

function walk(value: unknown, visit: (s: string) => boolean, depth = 0): boolean {
  if (depth > 64) return false;
  if (typeof value === "string") return visit(value);
  if (Array.isArray(value)) return value.every((v) => walk(v, visit, depth + 1));
  if (value && typeof value === "object") return Object.values(value).every((v) => walk(v, visit, depth + 1));
  return true;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * The body of a fetch-style server action (a `Next-Action` header): React's encodeReply output,
 * either one JSON text (the argument list) or multipart rows "0", "1", … with "0" the argument
 * list. Anything React's decoder would throw on before the action runs (Next answers 500) is
 * refused here: not JSON, a root that is not an argument list, references to rows that are not
 * there, malformed multipart.
 */
export async function actionBodyProblem(request: Request): Promise<RequestProblem | null> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return badBody;
    }
    // No-JavaScript form posts (progressive enhancement) carry $ACTION_ fields, not rows.
    if ([...form.keys()].some((k) => k.startsWith("$ACTION_"))) return null;
    const root = form.get("0");
    if (typeof root !== "string") return badBody;
    const rows = new Set(form.keys());
    const checked = new Set<string>();
    const visitRow = (key: string, depth: number): boolean => {
      if (checked.has(key)) return true;
      checked.add(key);
      const entry = form.get(key);
      if (typeof entry !== "string") return true; // a File (blob, typed array): React reads it as is
      const parsed = parseJson(entry);
      if (!parsed.ok) return false;
      return walk(parsed.value, (s) => {
        if (!s.startsWith("$") || inlineTagOk(s) || s[1] === "K") return true;
        const row = referencedRow(s);
        return row !== null && rows.has(row) && depth < 32 && visitRow(row, depth + 1);
      });
    };
    const parsedRoot = parseJson(root);
    if (!parsedRoot.ok || !Array.isArray(parsedRoot.value)) return badBody;
    return visitRow("0", 0) ? null : badBody;
  }
  // Any other body is read by Next as one UTF-8 JSON text with no other rows to refer to.
  const parsed = parseJson(await request.text());
  if (!parsed.ok || !Array.isArray(parsed.value)) return badBody;
  return walk(parsed.value, (s) => !s.startsWith("$") || inlineTagOk(s)) ? null : badBody;
}

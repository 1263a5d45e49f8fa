// What app/api/auth/[...nextauth] lets through to Auth.js. Auth.js answers every path under
// /api/auth it does not serve for this shop (another provider's callback, a GET of the
// credentials callback, WebAuthn options, the email provider's verify-request page) by
// redirecting to its error page with error=Configuration, which it answers 500 (docs/security.md,
// "Bad input"). The shop signs in with the credentials provider only; these are its endpoints,
// and anything else is a 404 (a 405 for an endpoint asked with the wrong method), with a code.
// Pure: unit-tested in endpoints.test.ts.

export const AUTH_BASE_PATH = "/api/auth";

/** The shop's page for Auth.js errors (pages.error in lib/auth/config.ts): a page of the shop, in its layout. */
export const AUTH_ERROR_PAGE = "/auth-error";

type Method = "GET" | "POST";

/** Auth.js's endpoints the shop uses, and their methods. */
const ENDPOINTS: Record<string, readonly Method[]> = {
  csrf: ["GET"],
  providers: ["GET"],
  session: ["GET", "POST"],
  signin: ["GET", "POST"],
  signout: ["GET", "POST"],
  "callback/credentials": ["POST"],
  error: ["GET"],
};

/** The codes Auth.js sends to its error page (authjs.dev "Custom error page"), kept as they are; anything else is "Default". */
export const AUTH_ERROR_CODES = ["Configuration", "AccessDenied", "Verification", "Default"] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

export type AuthEndpointProblem = { status: 404 | 405; code: string; message: string; allow?: string };

/** The endpoint a path names ("callback/credentials"), or null when it is not under /api/auth. */
export function authEndpointOf(pathname: string): string | null {
  if (!pathname.startsWith(`${AUTH_BASE_PATH}/`)) return null;
  return pathname.slice(AUTH_BASE_PATH.length + 1).replace(/\/+$/, "");
}

/** Null when Auth.js should answer `method pathname`; else the 404 or 405 to answer instead. */
export function authEndpointProblem(method: string, pathname: string): AuthEndpointProblem | null {
  const endpoint = authEndpointOf(pathname);
  const methods = endpoint === null ? undefined : ENDPOINTS[endpoint];
  if (!methods) return { status: 404, code: "NOT_FOUND", message: "There is no sign-in endpoint at this address." };
  if (!(methods as readonly string[]).includes(method)) {
    return {
      status: 405,
      code: "METHOD_NOT_ALLOWED",
      message: `This sign-in endpoint answers ${methods.join(" and ")} only.`,
      allow: methods.join(", "),
    };
  }
  return null;
}

/** The code an error page address carries, as Auth.js names it; anything else (unknown, empty, huge) is "Default". */
export function authErrorCode(raw: string | null | undefined): AuthErrorCode {
  return (AUTH_ERROR_CODES as readonly string[]).includes(raw ?? "") ? (raw as AuthErrorCode) : "Default";
}

/** Where GET /api/auth/error sends the browser: the shop's error page, with a known code only. */
export function authErrorPagePath(raw: string | null | undefined): string {
  return `${AUTH_ERROR_PAGE}?error=${authErrorCode(raw)}`;
}

// Which redirect URIs a client may register (RFC 6749 §3.1.2, RFC 8252 for native apps, OAuth 2.1):
// absolute, no fragment; https anywhere; http only to a loopback host; a private-use scheme
// only in reverse-domain form (e.g. com.example.app:/callback). Matching is exact, except that
// a loopback IP redirect may use any port (RFC 8252 §7.3: native apps bind an ephemeral port).

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);
const LOOPBACK_IPS = new Set(["127.0.0.1", "[::1]"]);
const UNSAFE_SCHEMES = new Set(["javascript:", "data:", "file:", "vbscript:", "blob:", "about:"]);

/** Why a redirect URI cannot be registered, or null when it can. */
export function redirectUriProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `"${raw}" is not an absolute URI`;
  }
  if (raw.includes("#")) return `"${raw}" must not contain a fragment`;
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:")
    return LOOPBACK_HOSTS.has(url.hostname)
      ? null
      : `"${raw}": http is allowed only for loopback hosts (127.0.0.1, [::1], localhost); use https`;
  if (UNSAFE_SCHEMES.has(url.protocol)) return `"${raw}": the ${url.protocol} scheme is not allowed`;
  if (/^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/i.test(url.protocol)) return null;
  return `"${raw}": use https, http on loopback, or a reverse-domain private-use scheme`;
}

function withoutPort(url: URL): string {
  const copy = new URL(url.href);
  copy.port = "";
  return copy.href;
}

/** Whether `presented` is one of the client's registered redirect URIs. */
export function matchesRegisteredRedirect(registered: readonly string[], presented: string): boolean {
  if (registered.includes(presented)) return true;
  let url: URL;
  try {
    url = new URL(presented);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" || !LOOPBACK_IPS.has(url.hostname)) return false;
  return registered.some((r) => {
    try {
      const candidate = new URL(r);
      return (
        candidate.protocol === "http:" &&
        LOOPBACK_IPS.has(candidate.hostname) &&
        withoutPort(candidate) === withoutPort(url)
      );
    } catch {
      return false;
    }
  });
}

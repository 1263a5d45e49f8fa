import { isIP } from "node:net";
import { envSchema } from "@/lib/env-schema";

// The visitor's network address, for per-visitor limits (sign-in attempts, previews, carrier
// lookups, image misses): the one place that decides which address to believe (docs/security.md
// "Client addresses"). Only PEER_ADDRESS_HEADER, which scripts/serve.mjs sets from the socket,
// is trusted, plus TRUST_PROXY_HOPS entries of X-Forwarded-For counted from the right; entries
// further left were written by the client and are never used.

/** Set by scripts/serve.mjs from the socket on every request (a client-sent value is overwritten). */
export const PEER_ADDRESS_HEADER = "x-shop-peer-address";

/** What every request without a usable address shares (one bucket: it fails closed, not open). */
export const UNKNOWN_ADDRESS = "unknown";

/** TRUST_PROXY_HOPS, validated by the same rule as the start script's environment check. */
export function trustedProxyHops(source: Record<string, string | undefined> = process.env): number {
  const parsed = envSchema.shape.TRUST_PROXY_HOPS.safeParse(source.TRUST_PROXY_HOPS);
  return parsed.success ? parsed.data : 0;
}

/**
 * The visitor's address (IPv4 dotted, IPv6 as written by the peer), or "unknown" when the
 * request did not come through scripts/serve.mjs or the chosen entry is not an IP address.
 */
export function clientAddress(h: Headers, hops: number = trustedProxyHops()): string {
  const peer = h.get(PEER_ADDRESS_HEADER);
  if (!peer) return UNKNOWN_ADDRESS;
  const forwarded =
    hops > 0
      ? (h.get("x-forwarded-for") ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  const chain = [...forwarded, peer.trim()];
  // Fewer entries than proxies: the request skipped a proxy (or one wrote nothing), so no entry
  // is known to come from a proxy; the peer is the only one vouched for (fails closed: every
  // such request shares that peer's bucket).
  const entry = chain.length > hops ? chain[chain.length - 1 - hops] : peer;
  return normalizeAddress(entry) ?? UNKNOWN_ADDRESS;
}

/**
 * The key per-visitor limits count under: the IPv4 address, or the /64 network of an IPv6
 * address (one subscriber usually holds a whole /64, so counting single IPv6 addresses would
 * give each of them 2^64 fresh budgets).
 */
export function visitorKey(h: Headers, hops?: number): string {
  return addressKey(clientAddress(h, hops));
}

/** visitorKey for an address already taken from clientAddress. */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = expandIPv6(address);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : address;
}

/** "1.2.3.4", "1.2.3.4:5678", "::ffff:1.2.3.4", "[2001:db8::1]:443" → the bare address; null when not an IP. */
export function normalizeAddress(raw: string | undefined): string | null {
  if (!raw) return null;
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  value = value.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (mapped) value = mapped[1]!;
  return isIP(value) ? value : null;
}

/** Eight 4-digit hex groups of a valid IPv6 address, or null. */
function expandIPv6(address: string): string[] | null {
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split(".").map(Number) as [number, number, number, number];
    text = text.slice(0, -v4[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((g) => g.padStart(4, "0"));
}

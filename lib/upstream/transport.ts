import { UpstreamError, type UpstreamApi } from "./errors";

// Credentials travel only over HTTPS, or to this machine (the embedded emulator).
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Throws a config error unless `url` may carry credentials. */
export function assertSecureTransport(api: UpstreamApi, url: string): void {
  const parsed = new URL(url);
  if (parsed.protocol === "https:") return;
  if (parsed.protocol === "http:" && isLoopbackHost(parsed.hostname)) return;
  throw new UpstreamError({
    api,
    kind: "config",
    code: "INSECURE_TRANSPORT",
    message: `Refusing to send credentials to ${parsed.protocol}//${parsed.host}: use https:// (plain http is allowed only to a loopback address)`,
  });
}

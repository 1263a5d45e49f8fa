import { describe, expect, it } from "vitest";
import {
  addressKey,
  clientAddress,
  normalizeAddress,
  PEER_ADDRESS_HEADER,
  trustedProxyHops,
  visitorKey,
} from "./client-address";

function headers(values: Record<string, string>): Headers {
  return new Headers(values);
}

describe("clientAddress", () => {
  it("with no proxies, is the socket peer and ignores a client-sent X-Forwarded-For", () => {
    const h = headers({ [PEER_ADDRESS_HEADER]: "203.0.113.7", "x-forwarded-for": "198.51.100.1" });
    expect(clientAddress(h, 0)).toBe("203.0.113.7");
  });

  it("is 'unknown' (one shared bucket) when the request did not come through the shop's server", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "198.51.100.1" }), 0)).toBe("unknown");
    expect(clientAddress(headers({ "x-forwarded-for": "198.51.100.1" }), 1)).toBe("unknown");
  });

  it("behind one proxy, is the entry that proxy appended; client-written entries to its left are ignored", () => {
    const h = headers({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 7.7.7.7, 203.0.113.9" });
    expect(clientAddress(h, 1)).toBe("203.0.113.9");
    expect(clientAddress(h, 2)).toBe("7.7.7.7"); // two proxies: the second wrote 203.0.113.9 (the first proxy's address)
  });

  it("behind proxies that were skipped (fewer entries than hops), falls back to the peer", () => {
    const h = headers({ [PEER_ADDRESS_HEADER]: "10.0.0.2" });
    expect(clientAddress(h, 1)).toBe("10.0.0.2");
    expect(clientAddress(headers({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6" }), 2)).toBe(
      "10.0.0.2",
    );
  });

  it("normalises IPv4-mapped IPv6, ports and brackets; garbage is 'unknown'", () => {
    expect(clientAddress(headers({ [PEER_ADDRESS_HEADER]: "::ffff:127.0.0.1" }), 0)).toBe("127.0.0.1");
    expect(normalizeAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("192.0.2.1:8080")).toBe("192.0.2.1");
    expect(clientAddress(headers({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "evil<script>" }), 1)).toBe(
      "unknown",
    );
  });
});

describe("visitorKey", () => {
  it("counts an IPv6 visitor by its /64, an IPv4 visitor by its address", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:0db8:0001:0002::/64");
    expect(addressKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:0db8:0001:0002::/64");
    expect(addressKey("::1")).toBe("0000:0000:0000:0000::/64");
    expect(visitorKey(headers({ [PEER_ADDRESS_HEADER]: "::ffff:192.0.2.4" }), 0)).toBe("192.0.2.4");
  });
});

describe("trustedProxyHops", () => {
  it("reads TRUST_PROXY_HOPS (default 0)", () => {
    expect(trustedProxyHops({})).toBe(0);
    expect(trustedProxyHops({ TRUST_PROXY_HOPS: "2" })).toBe(2);
    expect(trustedProxyHops({ TRUST_PROXY_HOPS: "" })).toBe(0);
  });
});

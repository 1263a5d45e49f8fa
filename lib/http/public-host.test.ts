import { describe, expect, it } from "vitest";
import { pinPublicHost, publicHostHeaders } from "./public-host.mjs";

describe("pinPublicHost (scripts/serve.mjs)", () => {
  it("overwrites Host and X-Forwarded-Host/-Proto/-Port with APP_URL's, whatever the client sent, and drops Forwarded", () => {
    const headers: Record<string, string | string[] | undefined> = {
      host: "evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "http",
      "x-forwarded-port": "8080",
      forwarded: "host=evil.example;proto=http",
      cookie: "a=b",
    };
    pinPublicHost(headers, publicHostHeaders("https://shop.example"));
    expect(headers).toEqual({
      host: "shop.example",
      "x-forwarded-host": "shop.example",
      "x-forwarded-proto": "https",
      "x-forwarded-port": "443",
      cookie: "a=b",
    });
  });

  it("sets them when the client sent none, with APP_URL's port", () => {
    const headers: Record<string, string | string[] | undefined> = {};
    pinPublicHost(headers, publicHostHeaders("http://127.0.0.1:3100/"));
    expect(headers).toEqual({
      host: "127.0.0.1:3100",
      "x-forwarded-host": "127.0.0.1:3100",
      "x-forwarded-proto": "http",
      "x-forwarded-port": "3100",
    });
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../app";
import { emulatorControl } from "../control-client";
import {
  PKCE_VECTOR,
  REDIRECT_URI,
  advanceClock,
  authorize,
  authorizeUrl,
  postForm,
  registerClient,
  signIn,
} from "./test-support";

let emu: RunningEmulator;
let clientId: string;
beforeAll(async () => {
  emu = await startEmulator(0, { controls: true });
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emulatorControl(emu.url).reset();
  clientId = (await registerClient(emu.url)).client_id;
});

const params = (overrides: Record<string, string> = {}) => ({
  response_type: "code",
  client_id: clientId,
  redirect_uri: REDIRECT_URI,
  scope: "orders:read orders:write balance:read",
  state: "xyz-state",
  code_challenge: PKCE_VECTOR.challenge,
  code_challenge_method: "S256",
  ...overrides,
});
const open = (overrides: Record<string, string> = {}) =>
  fetch(authorizeUrl(emu.url, params(overrides)), { redirect: "manual" });
const without = (name: string) => {
  const p: Record<string, string> = params();
  delete p[name];
  return fetch(authorizeUrl(emu.url, p), { redirect: "manual" });
};

describe('authorize (spec section 5 "Claim")', () => {
  it("§5 claim: the authorize page is an accessible HTML sign-in form with labelled email and password", async () => {
    const res = await open();
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email"/);
    expect(html).toMatch(
      /<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/,
    );
    expect(html).toContain("Storefront test");
  });

  it("§5 claim: a PRO sign-in shows the consent page listing the requested scopes with Approve and Deny", async () => {
    const { res, html } = await signIn(authorizeUrl(emu.url, params()), "pro@emulator.test");
    expect(res.status).toBe(200);
    for (const scope of ["orders:read", "orders:write", "balance:read"])
      expect(html).toContain(`<code>${scope}</code>`);
    expect(html).toContain('value="approve">Approve</button>');
    expect(html).toContain('value="deny">Deny</button>');
    expect(html).toMatch(/<input type="radio" id="env-production" name="environment" value="production" checked>/);
    expect(html).toContain("127.0.0.1:9999");
  });

  it("§5 claim: a wrong password re-shows the sign-in page with an alert", async () => {
    const { res, html } = await signIn(authorizeUrl(emu.url, params()), "pro@emulator.test", "wrong");
    expect(res.status).toBe(401);
    expect(html).toMatch(/role="alert">Email or password is incorrect/);
  });

  it("§5 claim: Approve redirects to redirect_uri with code and the same state (and iss, RFC 9207)", async () => {
    const target = await authorize(authorizeUrl(emu.url, params()), "pro@emulator.test");
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI);
    expect(target.searchParams.get("code")).toMatch(/^code_/);
    expect(target.searchParams.get("state")).toBe("xyz-state");
    expect(target.searchParams.get("iss")).toBe(emu.ctx.config.authBaseUrl);
  });

  it("§7 access_denied: Deny redirects with error=access_denied and the state, no code", async () => {
    const target = await authorize(authorizeUrl(emu.url, params()), "pro@emulator.test", "deny");
    expect(target.searchParams.get("error")).toBe("access_denied");
    expect(target.searchParams.get("state")).toBe("xyz-state");
    expect(target.searchParams.has("code")).toBe(false);
  });

  it("§5 claim: scope may be plus-separated", async () => {
    const url = authorizeUrl(emu.url, params()).replace(/scope=[^&]+/, "scope=orders:read+balance:read");
    const { html } = await signIn(url, "pro@emulator.test");
    expect(html).toContain("<code>orders:read</code>");
    expect(html).toContain("<code>balance:read</code>");
    expect(html).not.toContain("<code>orders:write</code>");
  });

  it("§5 scopes: a consumer account can grant only orders:read/orders:write; PRO scopes are listed as unavailable", async () => {
    const { html } = await signIn(
      authorizeUrl(emu.url, params({ scope: "orders:read orders:write balance:read webhooks:read" })),
      "consumer@emulator.test",
    );
    const [granted, refused] = html.split("Not available to this account");
    expect(granted).toContain("<code>orders:read</code>");
    expect(granted).not.toContain("<code>balance:read</code>");
    expect(refused).toContain("<code>balance:read</code>");
    expect(refused).toContain("<code>webhooks:read</code>");
  });

  it("§5 scopes: a consumer asking only for PRO scopes cannot approve and is sent back with access_denied", async () => {
    const { html } = await signIn(authorizeUrl(emu.url, params({ scope: "balance:read" })), "consumer@emulator.test");
    expect(html).not.toContain('value="approve"');
    const requestId = /name="request_id" value="([^"]+)"/.exec(html)![1]!;
    const res = await postForm(`${emu.url}/oauth/authorize/consent`, { request_id: requestId, decision: "approve" });
    expect(new URL(res.headers.get("Location")!).searchParams.get("error")).toBe("access_denied");
  });

  it("§7 invalid_request: an unknown client_id shows an error page instead of redirecting", async () => {
    const res = await open({ client_id: "client_nope" });
    expect(res.status).toBe(400);
    expect(res.headers.get("Location")).toBeNull();
    expect(await res.text()).toMatch(/role="alert">No client is registered/);
  });

  it("§7 invalid_request: an unregistered redirect_uri shows an error page instead of redirecting", async () => {
    const res = await open({ redirect_uri: "https://attacker.example/cb" });
    expect(res.status).toBe(400);
    expect(res.headers.get("Location")).toBeNull();
    expect(await res.text()).toContain("not one of the addresses registered");
  });

  it("§7 invalid_request: a missing redirect_uri shows an error page", async () => {
    const res = await without("redirect_uri");
    expect(res.status).toBe(400);
    expect(res.headers.get("Location")).toBeNull();
  });

  it("§5 claim: a loopback redirect may use another port (RFC 8252 §7.3)", async () => {
    const res = await open({ redirect_uri: "http://127.0.0.1:5555/callback" });
    expect(res.status).toBe(200);
  });

  const expectRedirectError = async (res: Response, error = "invalid_request") => {
    expect(res.status).toBe(302);
    const target = new URL(res.headers.get("Location")!);
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI);
    expect(target.searchParams.get("error")).toBe(error);
    expect(target.searchParams.get("state")).toBe("xyz-state");
    return target;
  };

  it("§7 invalid_request: code_challenge_method plain is refused (S256 only)", async () => {
    await expectRedirectError(await open({ code_challenge_method: "plain" }));
  });
  it("§7 invalid_request: a missing code_challenge_method is refused", async () => {
    await expectRedirectError(await without("code_challenge_method"));
  });
  it("§7 invalid_request: a missing code_challenge is refused", async () => {
    await expectRedirectError(await without("code_challenge"));
  });
  it("§7 invalid_request: response_type other than code is refused", async () => {
    await expectRedirectError(await open({ response_type: "token" }));
  });
  it("§7 invalid_request: an unknown scope is refused", async () => {
    const target = await expectRedirectError(await open({ scope: "orders:read admin" }));
    expect(target.searchParams.get("error_description")).toContain("admin");
  });
  it("§5 claim: a resource parameter other than the v2 base is refused with invalid_target (RFC 8707)", async () => {
    await expectRedirectError(await open({ resource: "https://elsewhere.example/v2" }), "invalid_target");
  });

  it("§5 claim: a pending sign-in expires after 10 minutes of emulator time", async () => {
    const page = await (await open()).text();
    const requestId = /name="request_id" value="([^"]+)"/.exec(page)![1]!;
    await advanceClock(emu.url, 10 * 60_000 + 1);
    const res = await postForm(`${emu.url}/oauth/authorize/sign-in`, {
      request_id: requestId,
      email: "pro@emulator.test",
      password: "emulator",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("expired");
  });

  it("§5 claim: the consent decision is single-use", async () => {
    const { html } = await signIn(authorizeUrl(emu.url, params()), "pro@emulator.test");
    const requestId = /name="request_id" value="([^"]+)"/.exec(html)![1]!;
    expect(
      (await postForm(`${emu.url}/oauth/authorize/consent`, { request_id: requestId, decision: "approve" })).status,
    ).toBe(303);
    expect(
      (await postForm(`${emu.url}/oauth/authorize/consent`, { request_id: requestId, decision: "approve" })).status,
    ).toBe(400);
  });
});

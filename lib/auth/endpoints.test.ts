import { describe, expect, it } from "vitest";
import { authEndpointProblem, authErrorCode, authErrorPagePath } from "./endpoints";

describe("authEndpointProblem", () => {
  it("lets through the endpoints the shop's sign-in uses, with their methods", () => {
    for (const [method, path] of [
      ["GET", "/api/auth/csrf"],
      ["GET", "/api/auth/providers"],
      ["GET", "/api/auth/session"],
      ["POST", "/api/auth/session"],
      ["GET", "/api/auth/signin"],
      ["POST", "/api/auth/signin"],
      ["GET", "/api/auth/signout"],
      ["POST", "/api/auth/signout"],
      ["POST", "/api/auth/callback/credentials"],
      ["GET", "/api/auth/error"],
    ]) {
      expect(authEndpointProblem(method!, path!), `${method} ${path}`).toBeNull();
    }
  });

  it("answers 404 for what Auth.js would turn into error=Configuration (a 500): other providers, WebAuthn, email, unknown paths", () => {
    for (const path of [
      "/api/auth/callback/github",
      "/api/auth/signin/credentials",
      "/api/auth/webauthn-options",
      "/api/auth/webauthn-options/passkey",
      "/api/auth/verify-request",
      "/api/auth/nope",
      "/api/auth/",
      "/api/auth/session/extra",
      "/api/authx/session",
    ]) {
      for (const method of ["GET", "POST"])
        expect(authEndpointProblem(method, path), `${method} ${path}`).toMatchObject({
          status: 404,
          code: "NOT_FOUND",
        });
    }
  });

  it("answers 405 with Allow for an endpoint asked with another method", () => {
    expect(authEndpointProblem("GET", "/api/auth/callback/credentials")).toMatchObject({
      status: 405,
      code: "METHOD_NOT_ALLOWED",
      allow: "POST",
    });
    expect(authEndpointProblem("POST", "/api/auth/csrf")).toMatchObject({ status: 405, allow: "GET" });
    expect(authEndpointProblem("POST", "/api/auth/error")).toMatchObject({ status: 405, allow: "GET" });
  });
});

describe("authErrorPagePath", () => {
  it("keeps Auth.js's documented codes and makes anything else Default", () => {
    for (const code of ["Configuration", "AccessDenied", "Verification", "Default"])
      expect(authErrorPagePath(code)).toBe(`/auth-error?error=${code}`);
    expect(authErrorCode("Whatever")).toBe("Default");
    expect(authErrorCode("configuration")).toBe("Default");
    expect(authErrorCode(null)).toBe("Default");
    expect(authErrorPagePath("x".repeat(100_000))).toBe("/auth-error?error=Default");
    expect(authErrorPagePath("Configuration\r\nSet-Cookie: a=b")).toBe("/auth-error?error=Default");
  });
});

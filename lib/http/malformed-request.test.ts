import { describe, expect, it } from "vitest";
import {
  actionBodyProblem,
  actionOriginProblem,
  actionSizeProblem,
  formPostProblem,
  MAX_PATH_LENGTH,
  isActionPost,
  pathProblem,
} from "./malformed-request";
import { isValidRouterState } from "./router-state.mjs";

function post(body: BodyInit, type?: string): Request {
  return new Request("http://shop.test/topup", { method: "POST", body, headers: type ? { "content-type": type } : {} });
}

describe("pathProblem", () => {
  it("refuses escapes that are not UTF-8 and control characters, accepts real text", () => {
    for (const bad of ["/topup/%ff%fe", "/topup/%e0%80%af", "/topup/%", "/esim/%zz", "/orders/%00"])
      expect(pathProblem(bad)?.status, bad).toBe(400);
    for (const good of ["/", "/topup/gb/1010-o2", "/giftcards/%C3%B1", "/x/%F0%9F%92%A5", "/..%2fetc"])
      expect(pathProblem(good), good).toBeNull();
  });

  it("refuses an address too long to be the shop's with a 414, and takes one at the limit", () => {
    expect(pathProblem(`/${"x".repeat(4000)}/topup`)).toMatchObject({ status: 414, code: "PATH_TOO_LONG" });
    expect(pathProblem(`/${"x".repeat(MAX_PATH_LENGTH - 1)}`)).toBeNull();
  });
});

describe("isValidRouterState (scripts/serve.mjs)", () => {
  it("refuses what Next's own parser refuses and accepts a real tree", () => {
    expect(isValidRouterState(undefined)).toBe(true);
    expect(
      isValidRouterState(
        encodeURIComponent(
          JSON.stringify(["", { children: ["topup", { children: ["__PAGE__", {}] }] }, null, null, 1]),
        ),
      ),
    ).toBe(true);
    expect(isValidRouterState("%7B%22not%22:json")).toBe(false);
    expect(isValidRouterState(encodeURIComponent(JSON.stringify({ a: 1 })))).toBe(false);
    expect(isValidRouterState("%E0%A4%A")).toBe(false);
  });
});

describe("actionOriginProblem", () => {
  const appUrl = "https://shop.example";

  it("accepts no Origin (not a browser) and APP_URL's origin; refuses null, unparseable and foreign origins with 403", () => {
    expect(actionOriginProblem(null, appUrl)).toBeNull();
    expect(actionOriginProblem("https://shop.example", appUrl)).toBeNull();
    expect(actionOriginProblem("null", appUrl)?.status).toBe(403);
    expect(actionOriginProblem("https://evil.example", appUrl)).toMatchObject({ status: 403, code: "FOREIGN_ORIGIN" });
    expect(actionOriginProblem("not a url", appUrl)?.status).toBe(403);
  });

  it("compares the whole origin with APP_URL's: another scheme or port is another site", () => {
    expect(actionOriginProblem("http://shop.example", appUrl)?.status).toBe(403);
    expect(actionOriginProblem("https://shop.example:8443", appUrl)?.status).toBe(403);
    expect(actionOriginProblem("http://127.0.0.1:3100", "http://127.0.0.1:3100")).toBeNull();
    expect(actionOriginProblem("http://localhost:3100", "http://127.0.0.1:3100")?.status).toBe(403);
  });

  it("never takes the request's own host for the shop's: an Origin naming the host the request claims is still foreign", () => {
    // A request sent with Host or X-Forwarded-Host: evil.example and Origin: http://evil.example
    // (docs/security.md, "Hosts and origins"): the function has no host to be fooled by.
    expect(actionOriginProblem.length).toBe(2);
    expect(actionOriginProblem("http://evil.example", appUrl)?.code).toBe("FOREIGN_ORIGIN");
  });

  it("falls back to APP_URL's default when it is not set, as the env contract does", () => {
    expect(actionOriginProblem("http://localhost:3000", undefined)).toBeNull();
    expect(actionOriginProblem("http://evil.example", undefined)?.status).toBe(403);
  });
});

describe("isActionPost", () => {
  it("checks fetch-style actions anywhere, and multipart posts to pages (Next reads them as form actions)", () => {
    expect(isActionPost("POST", "/topup", { nextAction: true, contentType: "text/plain;charset=UTF-8" })).toBe(true);
    expect(isActionPost("POST", "/topup", { nextAction: false, contentType: "multipart/form-data; boundary=x" })).toBe(
      true,
    );
    expect(
      isActionPost("POST", "/es/account", { nextAction: false, contentType: "Multipart/Form-Data; boundary=x" }),
    ).toBe(true);
    expect(isActionPost("POST", "/admin", { nextAction: false, contentType: "multipart/form-data" })).toBe(true);
  });

  it("leaves other requests alone: reads, other bodies, and the API's routes (not pages)", () => {
    expect(isActionPost("GET", "/topup", { nextAction: false, contentType: null })).toBe(false);
    expect(
      isActionPost("POST", "/topup", { nextAction: false, contentType: "application/x-www-form-urlencoded" }),
    ).toBe(false);
    expect(
      isActionPost("POST", "/api/auth/callback/credentials", {
        nextAction: false,
        contentType: "multipart/form-data; boundary=x",
      }),
    ).toBe(false);
    expect(isActionPost("POST", "/api/orders/ORD-1/status", { nextAction: true, contentType: "text/plain" })).toBe(
      true,
    );
  });
});

describe("formPostProblem", () => {
  it("refuses a multipart body that cannot be read as a form (Next answers it with a 500), accepts one that can", async () => {
    const form = new FormData();
    form.set("email", "a@b.c");
    expect(await formPostProblem(post(form))).toBeNull();
    expect(await formPostProblem(post("--zz\r\nbroken", "multipart/form-data; boundary=zz"))).toMatchObject({
      status: 400,
      code: "BAD_FORM_BODY",
    });
    expect((await formPostProblem(post("no boundary at all", "multipart/form-data")))?.status).toBe(400);
  });
});

describe("actionSizeProblem", () => {
  it("answers 413 above 1 MiB, 400 for a Content-Length that is not a number, 411 for a body without one", () => {
    expect(actionSizeProblem(null, false)).toBeNull();
    expect(actionSizeProblem(null, true)).toMatchObject({ status: 411, code: "LENGTH_REQUIRED" });
    expect(actionSizeProblem(String(1024 * 1024), true)).toBeNull();
    expect(actionSizeProblem(String(1024 * 1024 + 1), true)?.status).toBe(413);
    expect(actionSizeProblem("lots", true)?.status).toBe(400);
  });
});

describe("actionBodyProblem", () => {
  it("accepts what React's encodeReply sends", async () => {
    expect(
      await actionBodyProblem(
        post(
          '["ORD-1","$undefined",1,{"a":"$$dollar"},"$D2026-01-01T00:00:00.000Z","$n12"]',
          "text/plain;charset=UTF-8",
        ),
      ),
    ).toBeNull();
    const form = new FormData();
    form.set("0", '["$K1","$@2",{"x":"$Q3"}]');
    form.set("1_email", "a@b.c");
    form.set("2", '"done"');
    form.set("3", "[]");
    expect(await actionBodyProblem(post(form))).toBeNull();
    // A form posted without JavaScript (progressive enhancement) is Next's own business.
    const mpa = new FormData();
    mpa.set("$ACTION_ID_abc", "");
    expect(await actionBodyProblem(post(mpa))).toBeNull();
  });

  it("refuses bodies React's decoder would throw on before the action runs", async () => {
    const bad = [
      post("", "text/plain"),
      post("not a flight reply", "text/plain"),
      post('{"a":1}', "application/json"),
      post('["$@1"]', "text/plain"),
      post('["$nabc"]', "text/plain"),
      post('--zz\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]', "multipart/form-data; boundary=zz"),
    ];
    for (const request of bad) expect((await actionBodyProblem(request))?.code).toBe("BAD_ACTION_BODY");
    const dangling = new FormData();
    dangling.set("0", '["$@5"]');
    expect((await actionBodyProblem(post(dangling)))?.status).toBe(400);
    const noRoot = new FormData();
    noRoot.set("1", "[]");
    expect((await actionBodyProblem(post(noRoot)))?.status).toBe(400);
  });
});

import { createDecipheriv } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { embeddedShopCredentials } from "../lib/upstream/connection/embedded";
import { ADMIN, signInStaff } from "./helpers/admin";
import { expectNoAxeViolationsLightAndDark } from "./helpers/axe";
import { ShopDb } from "./helpers/db";
import { EmulatorControls } from "./helpers/emulator";
import { shopPorts } from "./helpers/ports";
import { expectPortsFree, startGroup, stopGroup, waitForUrl, type Started } from "./helpers/processes";

// In the browser against the emulator's authorization server: an admin connects the commerce account by OAuth (the emulator's sign-in and consent pages
// driven by the test) and the credits page works on the OAuth token; once the emulator clock
// passes the token's lifetime the next call refreshes silently; once the refresh token is
// revoked the admin sees the reconnect state and customers see "temporarily unavailable";
// metadata naming another issuer is refused with a clear message; and no token, secret or PKCE
// verifier appears in any response to the browser, in .next/static or in the app's logs.
//
// Own emulator and app (ports: e2e/helpers/ports.ts, data in data/e2e-upstream):
// the app must start with no commerce credential at all (the emulator is configured as a real
// upstream, without COMMERCE_API_KEY), and its whole log output is kept for the scan.

const { appPort: APP_PORT, emulatorPort: EMULATOR_PORT } = shopPorts("adminUpstream");
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;
const DATA_DIR = "data/e2e-upstream";
const ENCRYPTION_KEY = Buffer.alloc(32, 9).toString("base64");
const AUTH_SECRET = "e2e-upstream-auth-secret-0123456789abcdef";
const ONE_HOUR_AND_A_BIT = 3_601_000;

test.describe.configure({ timeout: 240_000 });

/** The app's sealed settings (lib/crypto/secret-box.ts format), opened with the test's key. */
function openSealed(sealed: string): string {
  const [, nonce, ciphertext, tag] = sealed.split(".");
  const decipher = createDecipheriv(
    "aes-256-gcm",
    Buffer.from(ENCRYPTION_KEY, "base64"),
    Buffer.from(nonce!, "base64url"),
  );
  decipher.setAuthTag(Buffer.from(tag!, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext!, "base64url")), decipher.final()]).toString("utf8");
}

function readSetting<T>(key: string): T | null {
  const db = new ShopDb(DATA_DIR, { readonly: true });
  try {
    const value = db.settingValue(key);
    return value === null ? null : (JSON.parse(openSealed(value)) as T);
  } finally {
    db.close();
  }
}

type Grant = { accessToken: string; refreshToken: string; version: number; reconnect: unknown };

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

async function approveOnEmulator(page: Page): Promise<void> {
  await page.getByLabel("Email").fill("pro@emulator.test");
  await page.getByLabel("Password").fill("emulator");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Approve" }).click();
}

test("an admin connects the commerce account by OAuth; refresh is silent; a revoked grant asks to reconnect; no secret leaks", async ({
  browser,
}) => {
  const unlock = embeddedShopCredentials();
  const started: Started[] = [];
  try {
    await expectPortsFree(APP_PORT, EMULATOR_PORT);
    const emulatorProcess = startGroup("node_modules/.bin/tsx", ["emulator/server.ts"], {
      EMULATOR_PORT: String(EMULATOR_PORT),
      EMULATOR_CONTROL: "1",
    });
    started.push(emulatorProcess);
    await waitForUrl(`${EMULATOR_URL}/v2/status`, emulatorProcess, 30_000);
    const emulator = new EmulatorControls(EMULATOR_URL);
    const app = startGroup(
      "node",
      ["scripts/e2e-server.mjs"],
      {
        PORT: String(APP_PORT),
        APP_URL,
        E2E_DATA_DIR: DATA_DIR,
        COMMERCE_API_URL: EMULATOR_URL,
        COMMERCE_API_KEY: "",
        UNLOCK_API_URL: EMULATOR_URL,
        UNLOCK_SVC_KEY: unlock.unlockSvcKey,
        UNLOCK_SVC_SECRET: unlock.unlockSvcSecret,
        COMMERCE_WEBHOOKS: "off",
        APP_ENCRYPTION_KEY: ENCRYPTION_KEY,
        AUTH_SECRET,
        LOG_LEVEL: "debug",
      },
      5_000_000,
    );
    started.push(app);
    await waitForUrl(`${APP_URL}/api/health`, app);

    const context = await browser.newContext({ baseURL: APP_URL });
    // Everything the app sends to the browser, headers and bodies, for the leak scan.
    const seenByBrowser: string[] = [];
    context.on("response", (response) => {
      if (!response.url().startsWith(APP_URL)) return;
      seenByBrowser.push(`${response.url()} ${JSON.stringify(response.headers())}`);
      response.text().then(
        (text) => seenByBrowser.push(text),
        () => undefined,
      );
    });
    const page = await context.newPage();
    await signInStaff(page, ADMIN.email, ADMIN.password, "/admin/upstream");
    await expect(page.getByTestId("commerce-source")).toHaveText("Not configured");
    await expectNoAxeViolationsLightAndDark(page, "upstream connection, not configured");

    // Connect: the app discovers, registers and sends the admin to the upstream's sign-in page.
    await page.getByRole("button", { name: "Connect account" }).click();
    await page.waitForURL(`${EMULATOR_URL}/oauth/authorize?**`);
    const pending = readSetting<{ codeVerifier: string; state: string }>("upstream.commerce.oauth.pending");
    expect(pending?.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(new URL(page.url()).searchParams.get("code_challenge_method")).toBe("S256");
    await approveOnEmulator(page);

    await page.waitForURL(/\/admin\/upstream\?connected=oauth/);
    await expect(page.getByRole("status").filter({ hasText: "Commerce account connected by OAuth." })).toBeVisible();
    await expect(page.getByTestId("commerce-source")).toHaveText("Stored in the shop · OAuth");
    await expect(page.getByText("acct_shop")).toBeVisible();
    expect(readSetting("upstream.commerce.oauth.pending")).toBeNull();
    const first = readSetting<Grant>("upstream.commerce.credential")!;
    expect(first).toMatchObject({ version: 1, reconnect: null });

    // The balance page works on the OAuth token.
    await page.goto("/admin/credits");
    await expect(page.getByTestId("credit-balance")).toContainText("5,000.00");

    // The access token's lifetime passes: the next call refreshes silently.
    await emulator.advanceClock(ONE_HOUR_AND_A_BIT);
    await page.reload();
    await expect(page.getByTestId("credit-balance")).toContainText("5,000.00");
    const second = readSetting<Grant>("upstream.commerce.credential")!;
    expect(second).toMatchObject({ version: 2, reconnect: null });
    expect(second.refreshToken).not.toBe(first.refreshToken);

    // The upstream account owner revokes the grant: staff see the reconnect state ...
    await emulator.revokeRefreshToken(second.refreshToken);
    await emulator.advanceClock(ONE_HOUR_AND_A_BIT);
    await page.reload();
    await expect(page.getByRole("alert").filter({ hasText: "temporarily unavailable" }).first()).toBeVisible();
    // (The banner is rendered beside the page that discovered the revocation, so it shows from the next page on.)
    await page.goto("/admin/upstream");
    await expect(page.getByTestId("reconnect-needed")).toContainText("Reconnect needed");
    await expect(page.getByTestId("reconnect-needed")).toContainText("invalid_grant");
    await expectNoAxeViolationsLightAndDark(page, "upstream connection, reconnect needed");
    await page.goto("/admin");
    await expect(page.getByText("The commerce account must be reconnected.")).toBeVisible();

    // ... and customers get a clear "temporarily unavailable", not an error page.
    const customer = await (await browser.newContext({ baseURL: APP_URL })).newPage();
    for (const path of ["/topup", "/giftcards", "/esim"]) {
      const response = await customer.goto(path);
      expect(response?.status(), path).toBeLessThan(500);
      await expect(customer.getByText(/temporarily unavailable/i).first(), path).toBeVisible();
    }

    // Metadata naming another issuer is refused with a clear message; nothing is registered.
    const clientsBefore = await emulator.oauthClients();
    await emulator.setConfig({ advertisedIssuer: "https://issuer.example.net" });
    await page.goto("/admin/upstream");
    await page.getByRole("button", { name: "Reconnect account" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "another issuer" })).toContainText("expected");
    expect(await emulator.oauthClients()).toEqual(clientsBefore);
    await emulator.setConfig({ advertisedIssuer: null });

    // Reconnecting clears the state; customers can shop again.
    await page.getByRole("button", { name: "Reconnect account" }).click();
    await page.waitForURL(`${EMULATOR_URL}/oauth/authorize?**`);
    const secondPending = readSetting<{ codeVerifier: string }>("upstream.commerce.oauth.pending")!;
    await approveOnEmulator(page);
    await page.waitForURL(/\/admin\/upstream\?connected=oauth/);
    await expect(page.getByTestId("reconnect-needed")).toHaveCount(0);
    const third = readSetting<Grant>("upstream.commerce.credential")!;
    expect(third).toMatchObject({ version: 1, reconnect: null });
    await customer.goto("/topup");
    await expect(customer.getByText(/temporarily unavailable/i)).toHaveCount(0);

    // No token, secret or PKCE verifier in any response to the browser, the bundle or the logs.
    const secrets = {
      "access token 1": first.accessToken,
      "refresh token 1": first.refreshToken,
      "access token 2": second.accessToken,
      "refresh token 2": second.refreshToken,
      "access token 3": third.accessToken,
      "refresh token 3": third.refreshToken,
      "PKCE verifier 1": pending!.codeVerifier,
      "PKCE verifier 2": secondPending.codeVerifier,
      "SVC secret": unlock.unlockSvcSecret,
      "encryption key": ENCRYPTION_KEY,
    };
    const bundle = [...files(".next/static")].map((f) => readFileSync(f, "utf8"));
    const logs = app.output();
    expect(logs).toContain("commerce OAuth token refreshed");
    for (const [name, secret] of Object.entries(secrets)) {
      expect(
        seenByBrowser.filter((text) => text.includes(secret)),
        `${name} in a response to the browser`,
      ).toEqual([]);
      expect(
        bundle.some((text) => text.includes(secret)),
        `${name} in .next/static`,
      ).toBe(false);
      expect(logs.includes(secret), `${name} in the app's logs`).toBe(false);
    }
    expect(seenByBrowser.length).toBeGreaterThan(20);
  } finally {
    for (const process of started.reverse()) await stopGroup(process, "SIGTERM");
  }
});

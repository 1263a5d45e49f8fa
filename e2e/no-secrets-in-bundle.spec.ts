import { expect, test } from "@playwright/test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { COMMERCE_ACCOUNTS, UNLOCK_ACCOUNTS } from "../emulator/core/accounts";
import { serverOf } from "./helpers/server";

// Secrets stay on the server: no credential the app holds may reach the files sent to
// browsers (.next/static), whichever module might have leaked it. Runs after the e2e
// webServer built the app.

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

test("no credential of the running shop appears in the browser bundle", () => {
  const secretsFile = join(serverOf(test.info()).dataDir, "local-secrets.json");
  const localSecrets = JSON.parse(readFileSync(secretsFile, "utf8")) as Record<string, string>;
  const secrets = [
    ...Object.values(localSecrets),
    ...COMMERCE_ACCOUNTS.flatMap((a) => a.keys.flatMap((k) => [k.apiSecret, `${k.apiId}:${k.apiSecret}`])),
    ...UNLOCK_ACCOUNTS.flatMap((a) => [a.svcKey, a.svcSecret]),
  ];
  expect(secrets.length).toBeGreaterThan(5);

  const bundle = [...files(".next/static")].filter((f) => /\.(js|css|json|html|map)$/.test(f));
  expect(bundle.length).toBeGreaterThan(0);
  const leaks: string[] = [];
  for (const file of bundle) {
    const text = readFileSync(file, "utf8");
    for (const secret of secrets) if (text.includes(secret)) leaks.push(`${file} contains ${secret.slice(0, 6)}…`);
  }
  expect(leaks).toEqual([]);
});

// The message catalogs stay on the server too: a client component that imported a module
// reading them would send both languages' whole catalogs (150 KB) with every page. Browsers get
// only the messages a page hands its client parts, and never the page titles (Metadata), which
// no client part uses.
test("the message catalogs do not reach the browser bundle", () => {
  const en = JSON.parse(readFileSync("messages/en.json", "utf8")) as { Metadata: { description: string } };
  const es = JSON.parse(readFileSync("messages/es.json", "utf8")) as { Metadata: { description: string } };
  const serverOnly = [en.Metadata.description, es.Metadata.description];
  const bundle = [...files(".next/static")].filter((f) => f.endsWith(".js"));
  expect(bundle.length).toBeGreaterThan(0);
  const found = bundle.flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return serverOnly.filter((message) => text.includes(message)).map((message) => `${file}: ${message.slice(0, 30)}…`);
  });
  expect(found).toEqual([]);
});

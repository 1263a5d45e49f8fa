import type { TestInfo } from "@playwright/test";
import type { E2eServer } from "../../playwright.config";

/** The app server (base URL, its emulator, its data folder) the current project runs against. */
export function serverOf(testInfo: TestInfo): E2eServer {
  const server = testInfo.project.metadata?.server as E2eServer | undefined;
  if (!server) throw new Error(`project ${testInfo.project.name} has no server in its metadata (playwright.config.ts)`);
  return server;
}

/** A fresh email per test, so database checks find exactly this test's orders. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

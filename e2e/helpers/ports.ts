// Every port the end-to-end suite uses, as an offset above E2E_PORT (app, default 3100) and
// E2E_EMULATOR_PORT (emulator, default 4110); each app's mail catcher takes its app port + 2000
// (SMTP) and + 2100 (inbox), scripts/e2e-server.mjs. Offsets are unique across the suite, so any
// of these shops can run while any other does (the projects run side by side:
// playwright.config.ts).

export const PORT_OFFSETS = {
  // The suite's long-running servers (playwright.config.ts).
  main: 0,
  webhooksOnly: 1,
  pollingOnly: 2,
  documentedDialect: 7,
  main2: 9,
  // Shops that specs start and stop themselves.
  ordersCrash: 3,
  adminUpstream: 4,
  restartRecovery: 5,
  mailServerDown: 6,
  gracefulStop: 8,
  firstStart: 10,
} as const;

export type ShopPorts = { appPort: number; emulatorPort: number; appUrl: string; emulatorUrl: string };

export function shopPorts(name: keyof typeof PORT_OFFSETS): ShopPorts {
  const offset = PORT_OFFSETS[name];
  const appPort = Number(process.env.E2E_PORT ?? 3100) + offset;
  const emulatorPort = Number(process.env.E2E_EMULATOR_PORT ?? 4110) + offset;
  return {
    appPort,
    emulatorPort,
    appUrl: `http://127.0.0.1:${appPort}`,
    emulatorUrl: `http://127.0.0.1:${emulatorPort}`,
  };
}

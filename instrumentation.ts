// Next.js calls register() once when a server process starts: the place for what a running
// shop needs in the background, never in the edge runtime or during a build.
// - Connection health: every upstream call of this process is recorded (admin → Upstream connection).
// - The shop's webhook subscription at the commerce API (COMMERCE_WEBHOOKS=off skips it), and its
//   receiver at scripts/serve.mjs's front door (lib/webhooks/front-route.ts).
// - The page cache's watch on the catalog and settings (cached pages follow the database).
// - The order worker (docs/orders.md "The worker"), once per Node.js process;
//   ORDER_WORKER_IN_APP=off leaves it to `npm run worker`.
export async function register(): Promise<void> {
  // This exact shape lets Next.js drop the imports from the edge bundle.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    if (process.env.NEXT_PHASE === "phase-production-build") return;
    // Cached catalog pages follow the database (lib/page-cache/invalidation.ts).
    const [{ startPageInvalidation }, { db }, { env }] = await Promise.all([
      import("./lib/page-cache/invalidation"),
      import("./lib/db"),
      import("./lib/env"),
    ]);
    startPageInvalidation(db, { url: env.DATABASE_URL });
    const { recordUpstreamHealth } = await import("./lib/upstream/connection/health");
    recordUpstreamHealth();
    // Never throws and does not hold up start-up.
    const [{ bootstrapCommerceWebhooks }, { registerCommerceFrontRoute }] = await Promise.all([
      import("./lib/webhooks/bootstrap"),
      import("./lib/webhooks/front-route"),
    ]);
    void bootstrapCommerceWebhooks();
    registerCommerceFrontRoute();
    if ((process.env.ORDER_WORKER_IN_APP ?? "").trim().toLowerCase() === "off") return;
    const { startAppWorker } = await import("./lib/fulfilment/app-worker");
    await startAppWorker("app");
  }
}

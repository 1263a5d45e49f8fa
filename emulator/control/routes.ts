import { Hono } from "hono";
import { z } from "zod";
import { DIALECTS } from "../core/config";
import type { EmulatorContext } from "../core/context";
import { fieldRenames } from "../core/field-renames";
import type { EmulatorApp, EmulatorEnv } from "../core/hono-env";

// Test controls (only when EMULATOR_CONTROL=1 / config.controls): reset, clock, faults,
// counters, ledger and switches. API modules add their own under /__control/<module>/.
export function controlRoutes(ctx: EmulatorContext): EmulatorApp {
  const app = new Hono<EmulatorEnv>();

  app.post("/reset", (c) => {
    ctx.reset();
    return c.json({ ok: true });
  });

  app.get("/clock", (c) => c.json({ now: ctx.isoNow(), offsetMs: ctx.clock.offset }));
  app.post("/clock", async (c) => {
    const body = z.object({ advanceMs: z.number().int().min(0) }).safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: 'body must be {"advanceMs": <non-negative integer>}' }, 400);
    ctx.clock.advance(body.data.advanceMs);
    const ran = await ctx.scheduler.runDue();
    return c.json({ now: ctx.isoNow(), offsetMs: ctx.clock.offset, tasksRun: ran });
  });

  app.post("/run-due", async (c) => c.json({ tasksRun: await ctx.scheduler.runDue() }));
  app.get("/scheduled", (c) => c.json({ tasks: ctx.scheduler.pending() }));

  app.get("/faults", (c) => c.json({ faults: ctx.faults.list() }));
  app.post("/faults", async (c) => {
    try {
      return c.json({ fault: ctx.faults.add(await c.req.json()) }, 201);
    } catch (error) {
      return c.json({ error: error instanceof z.ZodError ? z.prettifyError(error) : "body must be a fault rule" }, 400);
    }
  });
  app.delete("/faults", (c) => {
    ctx.faults.clear();
    return c.json({ ok: true });
  });

  // One field renamed in one route's answers (emulator/core/field-renames.ts).
  app.get("/rename-field", (c) => c.json({ renames: fieldRenames(ctx).list() }));
  app.post("/rename-field", async (c) => {
    try {
      return c.json({ rename: fieldRenames(ctx).add(await c.req.json()) }, 201);
    } catch (error) {
      return c.json(
        {
          error: error instanceof z.ZodError ? z.prettifyError(error) : 'body must be {"method", "path", "from", "to"}',
        },
        400,
      );
    }
  });
  app.delete("/rename-field", (c) => {
    fieldRenames(ctx).clear();
    return c.json({ ok: true });
  });

  app.get("/counters", (c) => c.json({ counters: ctx.counters.snapshot() }));
  // Per credential: its per-minute limit, its busiest minute (real time) and the calls refused with 429.
  app.get("/rate-limits", (c) => c.json({ usage: ctx.rateLimiter.usageSnapshot() }));
  app.delete("/counters", (c) => {
    ctx.counters.clear();
    return c.json({ ok: true });
  });

  app.get("/ledger", (c) => c.json({ entries: ctx.ledger.entries }));

  const switches = z.object({
    dialect: z.enum(DIALECTS).optional(),
    esimEnabled: z.boolean().optional(),
    verifiedEmailEnabled: z.boolean().optional(),
    unlockRateLimitStatus: z.union([z.literal(409), z.literal(429)]).optional(),
    allowLoopbackHttpWebhooks: z.boolean().optional(),
    realistic: z.boolean().optional(),
    advertisedResource: z.url().nullable().optional(),
    advertisedIssuer: z.url().nullable().optional(),
  });
  app.get("/config", (c) => c.json({ config: ctx.config }));
  app.patch("/config", async (c) => {
    const body = switches.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: z.prettifyError(body.error) }, 400);
    Object.assign(ctx.config, body.data);
    return c.json({ config: ctx.config });
  });

  return app;
}

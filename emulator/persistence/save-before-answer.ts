import type { MiddlewareHandler } from "hono";
import type { StatePersister } from "./persister";

// Durable before answered: after the handler ran and before its response leaves, whatever
// it changed is saved. A client that got an answer (an order id, a ticket, a token, an
// idempotent replay) can never find it forgotten after the emulator was killed. Hono hands
// the response to the server only once this middleware returns.

export function saveBeforeAnswering(persister: StatePersister): MiddlewareHandler {
  return async (c, next) => {
    await next();
    try {
      persister.save();
    } catch (error) {
      // Never report a change that is not on disk: the client must treat it as failed.
      console.error("[emulator] could not save the state file:", error);
      c.res = new Response(
        JSON.stringify({
          error: "state_not_saved",
          message: "The emulator could not save its state file; the change may be lost",
        }),
        {
          status: 503,
          headers: { "Content-Type": "application/json" },
        },
      );
    }
  };
}

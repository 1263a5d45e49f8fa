import type { Context } from "hono";
import { z } from "zod";
import type { EmulatorContext } from "../../core/context";
import type { UnlockCatalog } from "../catalog";
import { toolFlags } from "../catalog/tools";
import { debit, toMinor } from "../credits";
import type { UnlockEnv } from "../http/credentials";
import { idParam, idParams, type Endpoint } from "../http/endpoint";
import { readFormArgument } from "../http/form-argument";
import { replyError, replyOk } from "../http/reply";
import { parseOrderImei } from "../imei";
import { createOrderDelayMs, sleep } from "./delay";
import { howto } from "./howto";
import { apiDateTime, type UnlockOrder, type UnlockOrders } from "./store";

// Ordering and following unlock orders (spec sections 3 and 4).

/** Section 2 order object. ok_sent is "true"/"false"; the update reply gives "1" when ready, as the live service may. */
export function orderView(order: UnlockOrder, okSentStyle: "word" | "digit" = "word") {
  const ready = order.status === "available";
  return {
    id_device: order.deviceId,
    id_network: order.networkId,
    imei: order.imei,
    creation_datetime: apiDateTime(order.createdAt),
    status: order.status,
    ok_sent: ready ? (okSentStyle === "digit" ? "1" : "true") : "false",
  };
}

const forceSchema = z.object({
  force: z.literal("nowait", { error: 'force accepts only the value "nowait"' }).optional(),
});

export function orderEndpoints(ctx: EmulatorContext, catalog: UnlockCatalog, orders: UnlockOrders): Endpoint[] {
  const findOrder = (c: Context<UnlockEnv>): UnlockOrder | Response => {
    const id = idParam(c, "ticket_id");
    if (id instanceof Response) return id;
    return orders.get(id, c.get("unlockAccount")) ?? replyError(c, 404, `Ticket ${id} does not exist for this account`);
  };

  return [
    {
      method: "POST",
      path: "/create_order/:device_id/:network_id/:imei/:tool_id",
      handler: async (c) => {
        const ids = idParams(c, ["device_id", "network_id", "tool_id"] as const);
        if (ids instanceof Response) return ids;
        if (!catalog.devices.has(ids.device_id)) return replyError(c, 404, `Device ${ids.device_id} does not exist`);
        if (!catalog.network(ids.network_id)) return replyError(c, 404, `Network ${ids.network_id} does not exist`);
        const tool = catalog.tools(ids.device_id, ids.network_id)?.find((t) => t.id_tool === ids.tool_id);
        if (!tool) {
          return replyError(
            c,
            404,
            `Tool ${ids.tool_id} is not offered for device ${ids.device_id} on network ${ids.network_id}; see GET /tools/${ids.device_id}/${ids.network_id}`,
          );
        }
        const parsed = parseOrderImei(c.req.param("imei") ?? "", toolFlags(tool));
        if (!parsed.ok) return replyError(c, 400, parsed.info);

        const account = c.get("unlockAccount");
        const priceMinor = toMinor(tool.price);
        const id = orders.reserveId();
        const refused = debit(ctx, account, priceMinor, `unlock:order:${id}`, `Order ${id}: ${tool.service_name}`);
        if (refused) return replyError(c, 400, refused);
        orders.create(id, {
          account,
          deviceId: ids.device_id,
          networkId: ids.network_id,
          imei: parsed.imei,
          tool,
          priceMinor,
        });

        // The order exists from here on, even if the client gives up while waiting.
        await sleep(createOrderDelayMs(ctx.config.realistic));
        return replyOk(c, { id_ticket: id });
      },
    },
    {
      method: "GET",
      path: "/check_order_status/:ticket_id",
      handler: (c) => {
        const order = findOrder(c);
        return order instanceof Response ? order : replyOk(c, { [order.id]: orderView(order) });
      },
    },
    {
      method: "POST",
      path: "/update_order/:ticket_id",
      handler: async (c) => {
        const order = findOrder(c);
        if (order instanceof Response) return order;
        const args = forceSchema.safeParse({ force: await readFormArgument(c, "force") });
        if (!args.success) return replyError(c, 400, args.error.issues.map((i) => i.message).join("; "));
        if (args.data.force === "nowait") orders.forceReady(order);
        return replyOk(c, { [order.id]: orderView(order, "digit") });
      },
    },
    {
      method: "DELETE",
      path: "/cancel_order/:ticket_id",
      handler: (c) => {
        const order = findOrder(c);
        if (order instanceof Response) return order;
        const refused = orders.cancel(order);
        return refused ? replyError(c, 400, refused) : replyOk(c, { [order.id]: { status: order.status } });
      },
    },
    {
      method: "GET",
      path: "/retrieve_order_instructions/:ticket_id",
      handler: (c) => {
        const order = findOrder(c);
        if (order instanceof Response) return order;
        if (order.status !== "available") {
          return replyError(
            c,
            400,
            `Instructions are available once the order is available; order ${order.id} is ${order.status}`,
          );
        }
        return replyOk(c, { [order.id]: { howto: howto(order, catalog) } });
      },
    },
  ];
}

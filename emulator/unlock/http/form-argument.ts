import type { Context } from "hono";

/** A form argument of a POST (urlencoded or multipart body; JSON and the query string are accepted too). */
export async function readFormArgument(c: Context, name: string): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  let body: Record<string, unknown> = {};
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    body = await c.req.parseBody().catch(() => ({}));
  } else if (type.includes("application/json")) {
    const json: unknown = await c.req.json().catch(() => ({}));
    body = json && typeof json === "object" ? (json as Record<string, unknown>) : {};
  }
  return body[name] ?? c.req.query(name);
}

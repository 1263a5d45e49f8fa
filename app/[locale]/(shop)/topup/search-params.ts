export type Search = Record<string, string | string[] | undefined>;

/** The first value of a query parameter, trimmed; empty → undefined. */
export const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/** The query as it came, in its order (to tell a canonical URL from another spelling of it). */
export function queryOf(search: Search): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) for (const one of [value ?? []].flat()) params.append(key, one);
  return params.toString();
}

export type Search = Record<string, string | string[] | undefined>;

/** The first value of a search parameter, trimmed; undefined when empty. */
export const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

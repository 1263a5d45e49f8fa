export type Search = Record<string, string | string[] | undefined>;

/** The first value of a query parameter, trimmed; empty → undefined. */
export const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/** A review's submission id as the pages create it (a UUID). */
export const isSubmissionId = (value: string | undefined): value is string => !!value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

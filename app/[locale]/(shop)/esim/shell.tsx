import type { ReactNode } from "react";

export type Search = Record<string, string | string[] | undefined>;

/** The first value of a search parameter, trimmed; undefined when empty. */
export const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/** The eSIM pages' column. */
export function EsimShell({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:py-12">{children}</div>;
}

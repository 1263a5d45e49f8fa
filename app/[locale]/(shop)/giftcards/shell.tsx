import type { ReactNode } from "react";

export type Search = Record<string, string | string[] | undefined>;

/** The first value of a search parameter, trimmed; undefined when empty. */
export const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/** The gift card pages' column. */
export function GiftcardShell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <div className={`mx-auto flex flex-col gap-6 px-4 py-10 sm:py-12 ${wide ? "max-w-6xl" : "max-w-5xl"}`}>{children}</div>;
}

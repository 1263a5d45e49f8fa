"use client";

import { useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * A UTC timestamp shown in the reader's own locale and time zone. The server (which does
 * not know them) renders UTC; the browser replaces it once hydrated.
 */
export function LocalTime({ iso, withTime = true }: { iso: string; withTime?: boolean }) {
  const date = new Date(iso);
  const options: Intl.DateTimeFormatOptions = withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" };
  const text = useSyncExternalStore(
    noop,
    () => date.toLocaleString(undefined, options),
    () => `${date.toLocaleString("en-GB", { ...options, timeZone: "UTC" })} UTC`,
  );
  return <time dateTime={iso}>{text}</time>;
}

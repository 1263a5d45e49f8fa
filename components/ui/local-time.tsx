"use client";

import { useSyncExternalStore } from "react";
import { dateText } from "@/lib/ui/date-text";

const noop = () => () => {};

/**
 * A UTC timestamp shown in the reader's own time zone. The server (which does not know it)
 * renders UTC; the browser replaces it once hydrated.
 */
export function LocalTime({ iso, withTime = true }: { iso: string; withTime?: boolean }) {
  const date = new Date(iso);
  const text = useSyncExternalStore(
    noop,
    () => dateText(date, { withTime }),
    () => `${dateText(date, { withTime, utc: true })} UTC`,
  );
  return <time dateTime={iso}>{text}</time>;
}

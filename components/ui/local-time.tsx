"use client";

import { useSyncExternalStore } from "react";
import { usePageLocale } from "@/lib/i18n/use-page-locale";
import { dateText } from "@/lib/ui/date-text";

const noop = () => () => {};

/**
 * A UTC timestamp shown in the reader's own time zone. The server (which does not know it)
 * renders UTC; the browser replaces it once hydrated.
 */
export function LocalTime({ iso, withTime = true }: { iso: string; withTime?: boolean }) {
  const date = new Date(iso);
  const locale = usePageLocale();
  const text = useSyncExternalStore(
    noop,
    () => dateText(date, { withTime, locale }),
    () => `${dateText(date, { withTime, utc: true, locale })} UTC`,
  );
  return <time dateTime={iso}>{text}</time>;
}

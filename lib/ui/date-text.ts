// Dates as the shop writes them ("27 Nov 2026, 01:10", the en-GB medium date and short time;
// "27 nov 2026, 01:10" in Spanish, as es-ES writes it),
// from the Date getters rather than Intl: in a browser the first Intl formatter of a page loads
// the locale data, 20–40 ms of main-thread work at hydration for a few timestamps
// (docs/benchmarks.md). The getters read the browser's own time zone at no cost.

import type { Locale } from "@/lib/i18n/locale-routing.mjs";

const MONTHS: Record<Locale, readonly string[]> = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  es: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
};

const two = (n: number) => String(n).padStart(2, "0");

/** The date (and time, 24-hour) in the reader's time zone, or in UTC when `utc` is set. */
export function dateText(
  date: Date,
  { withTime = true, utc = false, locale = "en" }: { withTime?: boolean; utc?: boolean; locale?: Locale } = {},
): string {
  const [year, month, day, hours, minutes] = utc
    ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes()]
    : [date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()];
  const dayText = `${day} ${MONTHS[locale][month]} ${year}`;
  // en-GB pads the hour ("09:07"), es-ES does not ("9:07").
  return withTime ? `${dayText}, ${locale === "en" ? two(hours) : hours}:${two(minutes)}` : dayText;
}

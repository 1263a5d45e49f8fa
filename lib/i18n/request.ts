import { getRequestConfig } from "next-intl/server";
import { DEFAULT_LOCALE, isLocale } from "./locale-routing.mjs";
import { messagesFor } from "./messages";

// next-intl's request configuration (next.config.mjs points its plugin here). The language is the
// page's [locale] segment, handed over by enterLocale (./locale-param.ts) so cached pages read no
// request header; proxy.ts also sends it as next-intl's request header, for server actions.
// Staff pages, outside [locale], are English.
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  return { locale, messages: messagesFor(locale) };
});

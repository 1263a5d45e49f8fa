import { getRequestConfig } from "next-intl/server";
import { locale as rootLocale } from "next/root-params";
import { isLocale, type Locale, supportedLocale } from "./locale-routing.mjs";
import { messagesFor } from "./messages";

// next-intl's request configuration (next.config.mjs points its plugin here). The language, first
// that applies:
// 1. the one a caller names (getTranslations({ locale }), e.g. in generateMetadata);
// 2. the [locale] segment of the buyer pages' root layout, read with next/root-params: part of the
//    route itself, so a cached page's rendering reads no request header and can never take
//    another rendering's language;
// 3. in a server action or a route handler, where root params cannot be read, the language
//    proxy.ts sends in next-intl's request header;
// 4. English: staff pages (their own root layout, app/admin) and anything else.
export default getRequestConfig(async ({ locale: named, requestLocale }) => {
  const locale = isLocale(named) ? named : await routeLocale(requestLocale);
  return { locale, messages: messagesFor(locale) };
});

async function routeLocale(requestLocale: Promise<string | undefined>): Promise<Locale> {
  let fromRoute: unknown;
  try {
    fromRoute = await rootLocale();
  } catch {
    // Next throws here in server actions and route handlers.
    const fromHeader = await requestLocale;
    return supportedLocale(fromHeader);
  }
  return supportedLocale(fromRoute);
}

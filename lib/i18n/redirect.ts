import "server-only";
import { getLocale } from "next-intl/server";
import { redirect } from "next/navigation";
import { localizedPath, supportedLocale } from "./locale-routing.mjs";

/**
 * next/navigation's redirect, to the same page in the buyer's language: "/orders/AB12"
 * from a Spanish page or action leads to "/es/orders/AB12". An absolute URL (a payment
 * provider's checkout) is left as it is.
 */
export async function redirectInLanguage(href: string): Promise<never> {
  if (!href.startsWith("/") || href.startsWith("//")) redirect(href);
  const locale = await getLocale();
  redirect(localizedPath(href, supportedLocale(locale)));
}

// The cached twin of /unlock/[brand]/[device] (lib/http/cached-pages.ts): the same page, as an anonymous visitor
// without a query sees it, rendered once and served from the page cache until its catalog changes.
import Page from "@/app/[locale]/(shop)/unlock/[brand]/[device]/page";
import { NO_QUERY } from "@/lib/http/cached-pages";
export { generateMetadata } from "@/app/[locale]/(shop)/unlock/[brand]/[device]/page";

export const dynamic = "force-static";
export const revalidate = 300;

export default function CachedPage({
  params,
}: {
  params: Promise<{ locale: string; edition: string; brand: string; device: string }>;
}) {
  return <Page params={params} searchParams={NO_QUERY} />;
}

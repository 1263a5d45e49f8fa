// The cached twin of /esim/[destination] with plan filters (lib/http/cached-pages.ts): one page
// per canonical filter combination, which proxy.ts puts in the path.
import Page from "@/app/[locale]/(shop)/esim/[destination]/page";
export { generateMetadata } from "@/app/[locale]/(shop)/esim/[destination]/page";

export const dynamic = "force-static";
export const revalidate = 300;

type Params = { locale: string; edition: string; destination: string; filters: string };

export default async function CachedFilteredPage({ params }: { params: Promise<Params> }) {
  const { filters } = await params;
  const search = Object.fromEntries(new URLSearchParams(decodeURIComponent(filters)));
  return <Page params={params} searchParams={Promise.resolve(search)} />;
}

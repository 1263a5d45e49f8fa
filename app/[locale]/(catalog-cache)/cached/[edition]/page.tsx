// The cached twin of the home page (lib/http/cached-pages.ts).
import Page from "@/app/[locale]/(shop)/page";

export const dynamic = "force-static";
export const revalidate = 300;

export default function CachedPage({ params }: { params: Promise<{ locale: string; edition: string }> }) {
  return <Page params={params} />;
}

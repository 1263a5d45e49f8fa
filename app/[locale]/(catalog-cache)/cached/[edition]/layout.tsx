import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { CACHED_PREFIX } from "@/lib/http/cached-pages";

/** Rendered on first request, never by `next build` (which has no catalog to show). */
export function generateStaticParams(): { edition: string }[] {
  return [];
}

export default async function EditionLayout({ children, params }: { children: ReactNode; params: Promise<{ edition: string }> }) {
  if (`/cached/${(await params).edition}` !== CACHED_PREFIX) notFound();
  return children;
}

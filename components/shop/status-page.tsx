"use client";

// A client component on purpose ([13], lean RSC payloads): Next.js puts the root not-found and
// forbidden pages (app/not-found.tsx, app/forbidden.tsx) into the RSC payload of every page, and
// as a server component this frame serialized the whole header and footer there twice more. As a
// client component the payload holds a reference and the title text; the HTML is the same.
import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** Full pages for 404, 403 and similar: what happened, why, and a way back. */
export function StatusPage({ code, title, children, tone = "brand" }: { code: string; title: string; children: ReactNode; tone?: "brand" | "danger" }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="mx-auto flex w-full max-w-6xl flex-1 flex-col items-start px-4 py-20">
        <p className={`text-sm font-semibold ${tone === "danger" ? "text-danger" : "text-brand"}`}>{code}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-3 text-muted">{children}</p>
        <ButtonLink href="/" className="mt-8">
          Back to the shop
        </ButtonLink>
      </main>
      <SiteFooter />
    </div>
  );
}

import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";

/** What happened, why, and a way back: the body of a 404 or 403, inside whatever frame the page has. */
export function StatusMessage({ code, title, back, children, tone = "brand" }: { code: string; title: string; back: string; children: ReactNode; tone?: "brand" | "danger" }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col items-start px-4 py-20">
      <p className={`text-sm font-semibold ${tone === "danger" ? "text-danger" : "text-brand"}`}>{code}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted">{children}</p>
      <ButtonLink href="/" className="mt-8">
        {back}
      </ButtonLink>
    </div>
  );
}

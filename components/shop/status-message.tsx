import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";

type Props = {
  code: string;
  title: string;
  /** The label of the way back to the shop's home. */
  back: string;
  /** A way on that fits the page (the product's start, the buyer's orders), before the way back. */
  action?: { href: string; label: string };
  children: ReactNode;
  tone?: "brand" | "danger";
};

/** What happened, why, and a way back: the body of a 404 or 403, inside whatever frame the page has. */
export function StatusMessage({ code, title, back, action, children, tone = "brand" }: Props) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col items-start px-4 py-20">
      <p className={`text-sm font-semibold ${tone === "danger" ? "text-danger" : "text-brand"}`}>{code}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted">{children}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        {action ? <ButtonLink href={action.href}>{action.label}</ButtonLink> : null}
        <ButtonLink href="/" variant={action ? "secondary" : "primary"}>
          {back}
        </ButtonLink>
      </div>
    </div>
  );
}

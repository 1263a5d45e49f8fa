import { useTranslations } from "next-intl";
import { cn } from "@/lib/ui/cn";
import { destinationLabelCode, destinationSymbol } from "@/lib/products/esim/destination";
import type { EsimDestinationSummary } from "@/lib/products/esim/types";

/**
 * The destination in large type with its flag and code. Buyers mix up countries (Niger and
 * Nigeria, Austria and Australia): at checkout this is what they confirm.
 */
export function DestinationBanner({
  destination,
  className,
  headingLevel = "p",
}: {
  destination: EsimDestinationSummary;
  className?: string;
  headingLevel?: "p" | "h1";
}) {
  const t = useTranslations("Esim");
  const Tag = headingLevel;
  return (
    <div className={cn("flex items-center gap-4", className)} data-testid="destination-banner">
      <span aria-hidden="true" className="text-5xl leading-none sm:text-6xl">
        {destinationSymbol(destination.code)}
      </span>
      <div className="min-w-0">
        <Tag className="text-3xl leading-tight font-bold tracking-tight sm:text-4xl">{destination.name}</Tag>
        <p className="mt-1 font-mono text-lg font-semibold tracking-widest text-muted">
          <span className="sr-only">{t("code")}</span>
          {destinationLabelCode(destination.code)}
        </p>
      </div>
    </div>
  );
}

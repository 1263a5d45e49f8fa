import { MapPin } from "lucide-react";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { BrandLogo } from "./brand-logo";
import { flagEmoji } from "@/lib/products/giftcard/country";
import { categoryText } from "@/lib/products/giftcard/face-value";
import type { GiftcardBrandDetail } from "@/lib/products/giftcard/types";

/** The brand's header: logo, name, country, category, description and where the card works. */
export function BrandHeader({ brand }: { brand: GiftcardBrandDetail }) {
  const t = useTranslations("GiftcardBuy");
  const catalog = useTranslations("Giftcard");
  const category = categoryText(brand.category, (known) => catalog(`category.${known}`));
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <BrandLogo name={brand.name} logoUrl={brand.logoUrl} size="lg" />
      <div className="min-w-0 flex-1">
        <h1 className="text-3xl font-bold tracking-tight">{t("brandHeading", { brand: brand.name })}</h1>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <span className="inline-flex items-center gap-1.5 font-medium">
            <span aria-hidden="true">{flagEmoji(brand.countryCode)}</span>
            {brand.countryName}
          </span>
          {category ? <Badge tone="brand">{category}</Badge> : null}
        </p>
        {/* The supplier writes its brand texts in English, whatever the page's language (screen readers switch voice). */}
        {brand.description ? (
          <p lang="en" className="mt-3 text-muted">
            {brand.description}
          </p>
        ) : null}
        {brand.worksIn ? (
          <p className="mt-3 flex items-start gap-2 text-sm" data-testid="works-in">
            <MapPin className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden="true" />
            <span>
              <span className="font-medium">{t("worksIn")}</span>
              <span lang="en">{brand.worksIn}</span>
            </span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * How the code is redeemed, in the supplier's words. A page may draw it twice (one per layout
 * width, the other hidden), so each copy names its own heading id: ids are unique per document.
 */
export function RedemptionInstructions({ text, headingId }: { text: string | null; headingId: string }) {
  const t = useTranslations("GiftcardBuy");
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-border bg-surface p-5">
      <h2 id={headingId} className="text-base font-semibold">
        {t("howToRedeem")}
      </h2>
      {text ? (
        <p lang="en" className="mt-2 text-sm whitespace-pre-line text-muted" data-testid="redemption-instructions">
          {text}
        </p>
      ) : (
        <p className="mt-2 text-sm whitespace-pre-line text-muted" data-testid="redemption-instructions">
          {t("instructionsLater")}
        </p>
      )}
      <p className="mt-3 text-xs text-muted">{t("codeAppears")}</p>
    </section>
  );
}

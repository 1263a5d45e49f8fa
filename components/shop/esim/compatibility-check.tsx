import { CheckCircle2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import { Card, CardTitle } from "@/components/ui/card";

// Before paying for an eSIM: will it work on the buyer's phone? The two reasons an eSIM cannot
// be used (the phone has no eSIM, or it is locked to a carrier) are the most common complaint
// about eSIM shops, and an eSIM cannot be returned once delivered. A short check that informs
// and never blocks: a buyer who knows goes straight on to pay.

/** Each check's title and text: keys in the "EsimReview" messages. */
const CHECKS = [
  { title: "checkEsimTitle", text: "checkEsimText" },
  { title: "checkUnlockedTitle", text: "checkUnlockedText" },
  { title: "checkInstallTitle", text: "checkInstallText" },
] as const;

export function EsimCompatibilityCheck() {
  const t = useTranslations("EsimReview");
  return (
    <Card data-testid="esim-compatibility">
      <CardTitle id="compatibility-heading" className="mb-3">
        {t("compatibilityHeading")}
      </CardTitle>
      <ul className="flex flex-col gap-3 text-sm">
        {CHECKS.map((check) => (
          <li key={check.title} className="flex gap-3">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-ok" aria-hidden="true" />
            <span>
              <span className="font-medium">{t(check.title)}.</span> <span className="text-muted">{t(check.text)}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-muted">
        {t.rich("compatibilityNote", {
          link: (chunks) => (
            <Link href="/faq" prefetch={false} className="font-medium text-brand underline-offset-4 hover:underline">
              {chunks}
            </Link>
          ),
        })}
      </p>
    </Card>
  );
}

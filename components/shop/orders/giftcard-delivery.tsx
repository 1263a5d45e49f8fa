import { useLocale, useTranslations } from "next-intl";
import { ClientMessages } from "@/components/client-messages";
import { Card, CardTitle } from "@/components/ui/card";
import { GiftcardCode, type RevealState } from "./giftcard-code";
import { giftcardRedeemHelp } from "@/lib/products/giftcard/lines";

/**
 * The order page's delivery card for a fulfilled gift card: the code behind "Reveal code"
 * (never rendered by the server), the reveal time, and how to redeem. Receives no code: only
 * whether one is ready, so the code cannot slip into the HTML.
 */
export function GiftcardDelivery({
  ready,
  revealedAt,
  detail,
  revealAction,
}: {
  ready: boolean;
  revealedAt: string | null;
  detail: unknown;
  revealAction: (state: RevealState, form: FormData) => Promise<RevealState>;
}) {
  const t = useTranslations("DeliveryGiftcard");
  const locale = useLocale();
  if (!ready) return null;
  const help = giftcardRedeemHelp(detail);
  return (
    <Card>
      <CardTitle id="delivery-heading" className="mb-3">
        {t("title")}
      </CardTitle>
      <ClientMessages locale={locale} namespaces={["DeliveryGiftcardCode"]}>
        <GiftcardCode action={revealAction} revealedAt={revealedAt} />
      </ClientMessages>
      {help.worksIn || help.instructions ? (
        <div className="mt-5 border-t border-border pt-4 text-sm">
          <h3 className="font-semibold">{t("howToRedeem")}</h3>
          {help.instructions ? <p className="mt-1 whitespace-pre-line text-muted">{help.instructions}</p> : null}
          {help.worksIn ? <p className="mt-2 text-muted">{help.worksIn}</p> : null}
        </div>
      ) : null}
    </Card>
  );
}

import { useLocale, useTranslations } from "next-intl";
import { ClientMessages } from "@/components/client-messages";
import type { OrderStatus } from "@/lib/db/generated/sqlite/enums";
import { moneyText } from "@/lib/i18n/formats";
import { CANCELLABLE_UNLOCK_STATUSES, cancelMsLeft } from "@/lib/products/unlock/cancel-window";
import { Card, CardTitle } from "@/components/ui/card";
import { pollingKey } from "@/lib/products/unlock/text";
import { UnlockCancel, type UnlockCancelState } from "./unlock-cancel";
import { UnlockCheckNow, type CheckNowState } from "./unlock-check-now";
import { UnlockInstructions } from "./unlock-instructions";
import { UnlockPlacingProgress } from "./unlock-placing-progress";
import { UnlockStatusTimeline } from "./unlock-status-timeline";
import { timeText } from "@/components/shop/unlock/words";
import { readUnlockDetail } from "@/lib/products/unlock/detail";

export type UnlockOrderForPage = {
  status: OrderStatus;
  upstreamStatus: string | null;
  placedAt: Date | null;
  paidAt: Date | null;
  detail: unknown;
  fulfillment: unknown;
  retailAmount: number;
  currency: string;
};

const DEAD_ENDS = new Set(["canceled", "cancelled", "notavailable", "error"]);

/**
 * The unlock part of the order page: placing progress, the supplier's status in plain words,
 * cancel inside the 10-minute window, the instructions once available, and the refund of a
 * cancelled or unavailable unlock.
 */
export function UnlockOrderSection({
  order,
  cancelAction,
  checkNowAction,
}: {
  order: UnlockOrderForPage;
  cancelAction: (state: UnlockCancelState, form: FormData) => Promise<UnlockCancelState>;
  checkNowAction: (state: CheckNowState, form: FormData) => Promise<CheckNowState>;
}) {
  const t = useTranslations("DeliveryUnlock");
  const locale = useLocale();
  const detail = readUnlockDetail(order.detail);
  const instructions = (order.fulfillment as { instructions?: unknown } | null)?.instructions;
  const upstream = order.upstreamStatus?.toLowerCase() ?? null;
  const placing = order.status === "paid" || order.status === "placing";
  const cancellable =
    order.status === "placed" &&
    order.placedAt !== null &&
    upstream !== null &&
    CANCELLABLE_UNLOCK_STATUSES.includes(upstream);
  const deadEnd = upstream !== null && DEAD_ENDS.has(upstream);
  const amount = moneyText(order.retailAmount, order.currency, locale);
  const time = detail.unlock?.guaranteedTime;
  const unlockWords = useTranslations("Unlock");
  const guaranteed = time ? timeText(unlockWords, time) : null;

  return (
    <>
      {/* The words of the placing progress, "Check now" and the cancel button (client components). */}
      <ClientMessages locale={locale} namespaces={["DeliveryUnlockClient"]}>
        <Card>
          <CardTitle id="unlock-heading" className="mb-4">
            {t("progressTitle")}
          </CardTitle>
          {placing ? (
            <UnlockPlacingProgress sinceIso={order.paidAt?.toISOString() ?? null} />
          ) : (
            <UnlockStatusTimeline upstreamStatus={upstream} />
          )}
          {order.status === "placed" ? (
            <div className="mt-4 flex flex-col gap-3">
              <p className="text-xs text-muted">
                {guaranteed ? `${t("guaranteed", { time: guaranteed })} ` : ""}
                {t(`polling.${pollingKey(detail.guaranteedTimeType)}`)}
              </p>
              <UnlockCheckNow action={checkNowAction} />
            </div>
          ) : null}
          {cancellable || (upstream === "canceled" && order.placedAt) ? (
            // Kept mounted once cancelled, so the buyer's own "cancelled" confirmation stays on screen.
            <div className={cancellable ? "mt-5 border-t border-border pt-4" : "mt-5"}>
              <UnlockCancel
                msLeft={cancellable ? cancelMsLeft(order.placedAt!) : 0}
                open={cancellable}
                refundText={amount}
                action={cancelAction}
              />
            </div>
          ) : null}
          {deadEnd ? (
            <p className="mt-5 rounded-lg bg-warn-soft px-3 py-2 text-sm" data-testid="unlock-refund">
              {t.rich(order.status === "refunded" ? "refunded" : "refunding", {
                amount,
                strong: (chunks) => <strong>{chunks}</strong>,
              })}
            </p>
          ) : null}
        </Card>
      </ClientMessages>
      {typeof instructions === "string" && instructions.trim() ? (
        <Card>
          <CardTitle id="instructions-heading" className="mb-3">
            {t("instructionsTitle")}
          </CardTitle>
          <UnlockInstructions howto={instructions} />
        </Card>
      ) : null}
    </>
  );
}

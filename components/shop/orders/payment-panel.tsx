import { useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";
import type { PaymentStatus } from "@/lib/db/generated/sqlite/enums";

export type PaymentSummary = { provider: string; status: PaymentStatus; createdAt: string };

/** The providers named in the buyer's words ("OrderPayment.provider"); any other is an online payment. */
const PROVIDERS = ["sandbox", "stripe", "counter"] as const;
const isNamedProvider = (provider: string): provider is (typeof PROVIDERS)[number] =>
  (PROVIDERS as readonly string[]).includes(provider);

/** The payment state of an order: the latest attempt, and when the order was paid. */
export function PaymentState({
  latest,
  paidAt,
  awaitingPayment,
}: {
  latest: PaymentSummary | null;
  paidAt: string | null;
  awaitingPayment: boolean;
}) {
  const t = useTranslations("OrderPayment");
  return (
    <div
      className="flex flex-col gap-1 text-sm"
      data-testid="payment-state"
      data-payment-status={latest?.status ?? "none"}
    >
      {latest ? (
        <p className="font-medium">{t(`status.${latest.status}`)}</p>
      ) : (
        <p className="font-medium">{awaitingPayment ? t("notPaid") : t("noPayment")}</p>
      )}
      {paidAt ? <p className="text-muted">{t.rich("paidAt", { time: () => <LocalTime iso={paidAt} /> })}</p> : null}
      {latest ? (
        <p className="text-xs text-muted">
          {isNamedProvider(latest.provider) ? t(`provider.${latest.provider}`) : t("provider.other")}
        </p>
      ) : null}
    </div>
  );
}

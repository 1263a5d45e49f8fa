import { LocalTime } from "@/components/ui/local-time";
import type { PaymentStatus } from "@/lib/db/generated/sqlite/enums";

export type PaymentSummary = { provider: string; status: PaymentStatus; createdAt: string };

const PROVIDER_TEXT: Record<string, string> = {
  sandbox: "Test payment (sandbox: no real money)",
  stripe: "Card payment",
  counter: "Paid in the shop",
};

const STATUS_TEXT: Record<PaymentStatus, string> = {
  pending: "Waiting for your payment.",
  succeeded: "Payment received.",
  declined: "Your last payment attempt was declined. You have not been charged.",
  expired: "The payment was not completed in time. You have not been charged.",
  refunded: "Your payment has been refunded.",
};

/** The payment state of an order: the latest attempt, and when the order was paid. */
export function PaymentState({ latest, paidAt, awaitingPayment }: { latest: PaymentSummary | null; paidAt: string | null; awaitingPayment: boolean }) {
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="payment-state" data-payment-status={latest?.status ?? "none"}>
      {latest ? <p className="font-medium">{STATUS_TEXT[latest.status]}</p> : <p className="font-medium">{awaitingPayment ? "Not paid yet." : "No payment recorded."}</p>}
      {paidAt ? (
        <p className="text-muted">
          Paid <LocalTime iso={paidAt} />
        </p>
      ) : null}
      {latest ? <p className="text-xs text-muted">{PROVIDER_TEXT[latest.provider] ?? "Online payment"}</p> : null}
    </div>
  );
}

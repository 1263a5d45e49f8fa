import { LocalTime } from "@/components/ui/local-time";

/**
 * Order events are off because the upstream refused the shop's webhook subscription
 * (lib/webhooks/refusal.ts): what staff read, and whether polling is there to follow orders.
 */
export function OrderEventsNotice({
  text,
  hint,
  at,
  polling,
}: {
  text: string;
  hint: string;
  at: string;
  polling: boolean;
}) {
  return (
    <div
      role="status"
      className="mt-4 rounded-lg border border-warn/40 bg-warn-soft px-4 py-3 text-sm text-fg"
      data-testid="order-events-off"
    >
      <p>
        {text} (since <LocalTime iso={at} />)
      </p>
      {polling ? (
        <p className="mt-1">{hint} Nothing is lost meanwhile.</p>
      ) : (
        <p className="mt-1 font-semibold">
          ORDER_POLLING is off, so commerce orders are not followed at all: set ORDER_POLLING=on.
        </p>
      )}
    </div>
  );
}

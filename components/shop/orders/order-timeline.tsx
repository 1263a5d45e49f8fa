import { useLocale, useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";
import type { EventSource, OrderStatus } from "@/lib/db/generated/sqlite/enums";
import { timelineTitle } from "@/lib/orders/buyer-text";

export type TimelineEvent = {
  id: string;
  type: string;
  toStatus: OrderStatus | null;
  source: EventSource;
  message: string | null;
  createdAt: string;
};

/**
 * Who moved the order, in the buyer's words, where it tells them something (a staff member
 * acted, the supplier reported). Never the actor id (staff ids, event ids). Steps the shop
 * takes on its own need no label; "buyer" events include automatic follow-ups of the buyer's
 * click (placing the order right after payment), so they are not labelled "You" either.
 */
const SOURCE_KEY: Partial<Record<EventSource, "staff" | "webhook">> = {
  staff: "staff",
  webhook: "webhook",
};

/** The order's timeline, oldest first: every status change and notable step. */
export function OrderTimeline({ events }: { events: TimelineEvent[] }) {
  const t = useTranslations("OrderTimeline");
  const locale = useLocale();
  if (events.length === 0) return <p className="text-sm text-muted">{t("empty")}</p>;
  return (
    <ol className="relative flex flex-col gap-5 border-l border-border pl-5">
      {events.map((event) => {
        const sourceKey = SOURCE_KEY[event.source];
        const source = sourceKey ? t(`source.${sourceKey}`) : null;
        return (
          <li key={event.id} className="relative">
            <span
              aria-hidden
              className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-brand ring-2 ring-surface"
            />
            <p className="text-sm font-medium">{timelineTitle(event, locale)}</p>
            <p className="mt-0.5 text-xs text-muted">
              <LocalTime iso={event.createdAt} />
              {source ? ` · ${source}` : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

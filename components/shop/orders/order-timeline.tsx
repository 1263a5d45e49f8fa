import { LocalTime } from "@/components/ui/local-time";
import type { EventSource, OrderStatus } from "@/lib/db/generated/sqlite/enums";
import { ORDER_STATUS_DISPLAY } from "@/lib/orders/presentation";

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
const SOURCE_TEXT: Partial<Record<EventSource, string>> = {
  staff: "by our staff",
  webhook: "reported by the supplier",
};

/** The order's timeline, oldest first: every status change and notable step. */
export function OrderTimeline({ events }: { events: TimelineEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-muted">Nothing has happened yet.</p>;
  return (
    <ol className="relative flex flex-col gap-5 border-l border-border pl-5">
      {events.map((event) => {
        const status = event.toStatus ? ORDER_STATUS_DISPLAY[event.toStatus] : null;
        const title = event.message ?? (status ? `Status: ${status.label}` : humanize(event.type));
        return (
          <li key={event.id} className="relative">
            <span aria-hidden className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-brand ring-2 ring-surface" />
            <p className="text-sm font-medium">{title}</p>
            <p className="mt-0.5 text-xs text-muted">
              <LocalTime iso={event.createdAt} />
              {SOURCE_TEXT[event.source] ? ` · ${SOURCE_TEXT[event.source]}` : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

function humanize(type: string): string {
  const words = type.replace(/[._-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Update";
}

import { ListLink } from "@/components/shop/list-link";
import type { UnlockNetwork } from "@/lib/upstream/unlock/schemas";

/** A country's networks, each a link to the unlock services for this device on it. */
export function NetworkList({ networks, baseHref }: { networks: UnlockNetwork[]; baseHref: string }) {
  return (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="network-list">
      {networks.map((network) => (
        <li key={network.id}>
          <ListLink
            href={`${baseHref}/${network.countryId}/${network.id}`}
            className="flex h-full items-center rounded-xl border border-border bg-surface px-4 py-3 font-medium transition hover:border-brand hover:shadow-sm"
          >
            {network.name}
          </ListLink>
        </li>
      ))}
    </ul>
  );
}

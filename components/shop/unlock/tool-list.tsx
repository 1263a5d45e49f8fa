import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { formatMoney } from "@/lib/money";
import { FLAG_NAMES, guaranteedTimeText, successPercent } from "@/lib/products/unlock/text";
import type { ToolView } from "@/lib/products/unlock/types";

/** The unlock services for a device on a network: everything the spec says to show, and a choice. */
export function ToolList({ tools, baseHref }: { tools: ToolView[]; baseHref: string }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2" data-testid="tool-list">
      {tools.map((tool) => (
        <li key={tool.id} className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-5" aria-labelledby={`tool-${tool.id}-name`}>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              {/* The service name is the short one ("Factory Unlock"); the tool name repeats device and network. */}
              <h3 id={`tool-${tool.id}-name`} className="font-semibold">
                {tool.serviceName || tool.name}
              </h3>
              {tool.serviceName && tool.serviceName !== tool.name ? <p className="text-xs text-muted">{tool.name}</p> : null}
            </div>
            <p className="shrink-0 text-lg font-bold tabular-nums">{formatMoney(tool.price.totalMinor, tool.price.currency)}</p>
          </div>
          {tool.desc ? <p className="text-sm text-muted">{tool.desc}</p> : null}
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-xs text-muted">Guaranteed time</dt>
              <dd className="font-medium">{guaranteedTimeText(tool.guaranteedTime)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Average time</dt>
              <dd className="font-medium">{tool.averageTime || "Not known yet"}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Success rate</dt>
              <dd className="font-medium">{successPercent(tool.successRatio)}</dd>
            </div>
          </dl>
          {tool.needs.length > 0 ? (
            <p className="flex flex-wrap items-center gap-1.5 text-xs">
              <span className="text-muted">Also needs:</span>
              {tool.needs.map((flag) => (
                <Badge key={flag}>{FLAG_NAMES[flag]}</Badge>
              ))}
            </p>
          ) : null}
          <ButtonLink href={`${baseHref}/${tool.id}`} className="mt-auto self-start" aria-label={`Choose ${tool.serviceName || tool.name}`}>
            Choose
          </ButtonLink>
        </li>
      ))}
    </ul>
  );
}

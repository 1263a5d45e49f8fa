import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { moneyText } from "@/lib/i18n/formats";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import type { ToolView } from "@/lib/products/unlock/types";
import { successText, timeText } from "./words";

/** The unlock services for a device on a network: everything the spec says to show, and a choice. */
export async function ToolList({ tools, baseHref, locale }: { tools: ToolView[]; baseHref: string; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Unlock" });
  return (
    <ul className="grid gap-4 md:grid-cols-2" data-testid="tool-list">
      {tools.map((tool) => (
        <li
          key={tool.id}
          className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-5"
          aria-labelledby={`tool-${tool.id}-name`}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              {/* The service name is the short one ("Factory Unlock"); the tool name repeats device and network. */}
              <h3 id={`tool-${tool.id}-name`} className="font-semibold">
                {tool.serviceName || tool.name}
              </h3>
              {tool.serviceName && tool.serviceName !== tool.name ? (
                <p className="text-xs text-muted">{tool.name}</p>
              ) : null}
            </div>
            <p className="shrink-0 text-lg font-bold tabular-nums">
              {moneyText(tool.price.totalMinor, tool.price.currency, locale)}
            </p>
          </div>
          {/* The supplier's description: the unlocking API writes English only, so it is marked so (read aloud as English on a Spanish page). */}
          {tool.desc ? (
            <p lang="en" className="text-sm text-muted">
              {tool.desc}
            </p>
          ) : null}
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-xs text-muted">{t("guaranteedTime")}</dt>
              <dd className="font-medium">{timeText(t, tool.guaranteedTime)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">{t("averageTime")}</dt>
              {/* The supplier's own words ("2 hours"), as it sends them. */}
              {tool.averageTime ? (
                <dd lang="en" className="font-medium">
                  {tool.averageTime}
                </dd>
              ) : (
                <dd className="font-medium">{t("notKnownYet")}</dd>
              )}
            </div>
            <div>
              <dt className="text-xs text-muted">{t("successRate")}</dt>
              <dd className="font-medium">{successText(t, tool.successRatio)}</dd>
            </div>
          </dl>
          {tool.needs.length > 0 ? (
            <p className="flex flex-wrap items-center gap-1.5 text-xs">
              <span className="text-muted">{t("alsoNeeds")}</span>
              {tool.needs.map((flag) => (
                <Badge key={flag}>{t(`flags.${flag}`)}</Badge>
              ))}
            </p>
          ) : null}
          <ButtonLink
            href={`${baseHref}/${tool.id}`}
            className="mt-auto self-start"
            aria-label={t("chooseTool", { name: tool.serviceName || tool.name })}
          >
            {t("choose")}
          </ButtonLink>
        </li>
      ))}
    </ul>
  );
}

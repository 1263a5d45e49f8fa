import type { Metadata } from "next";
import { PageHeader } from "@/components/admin/shared/page-header";
import { RowAction } from "@/components/admin/ops/row-action";
import { Badge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Td, Th } from "@/components/ui/table";
import { formatAge } from "@/lib/admin/catalog/age";
import { refetchFor } from "@/lib/admin/catalog/refetch";
import { requireStaff } from "@/lib/auth/guards";
import { catalogCache } from "@/lib/catalog/cache-default";
import { upstreamBudget } from "@/lib/upstream/budget/default";
import { refreshEntryAction } from "./actions";

export const metadata: Metadata = { title: "Catalog cache" };
export const dynamic = "force-dynamic";

export default async function CatalogCachePage() {
  await requireStaff("staff", "/admin/catalog");
  const [entries, commerce, unlock] = await Promise.all([
    catalogCache.listEntries(),
    upstreamBudget.usage("commerce"),
    upstreamBudget.usage("unlock"),
  ]);
  return (
    <>
      <PageHeader
        title="Catalog cache"
        description="Catalog answers kept in the database, shared by every app instance, with their age and how often they were read. Prices and previews are never served from here without their age."
      />
      <div className="mb-8 grid gap-4 md:grid-cols-2">
        {[commerce, unlock].map((u) => (
          <Card key={u.api}>
            <CardTitle>{u.api === "commerce" ? "Commerce API" : "Unlocking API"} request budget</CardTitle>
            <p className="mt-2 text-2xl font-bold tabular-nums" data-testid={`budget-${u.api}`}>
              {u.used} / {u.cap}
            </p>
            <p className="text-sm text-muted">
              requests this minute (since <LocalTime iso={u.windowStart.toISOString()} />
              ); catalog refreshes {u.catalogUsed} of at most {u.catalogCap}, the rest is kept for orders and status.
            </p>
            <div className="mt-3 h-2 overflow-hidden rounded-full bg-surface-muted" aria-hidden="true">
              <div
                className="h-full bg-brand"
                style={{ width: `${Math.min(100, Math.round((u.used / Math.max(1, u.cap)) * 100))}%` }}
              />
            </div>
          </Card>
        ))}
      </div>
      <h2 className="mb-3 text-lg font-semibold">Entries ({entries.length})</h2>
      {entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">
          The cache is empty: entries appear as the shop reads catalogs.
        </p>
      ) : (
        <Table aria-label="Catalog cache entries">
          <thead>
            <tr>
              <Th>Entry</Th>
              <Th>Age</Th>
              <Th className="text-right">Hits</Th>
              <Th>State</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => {
              const canRefetch = refetchFor(e.key) !== null;
              return (
                <tr key={e.key} data-cache-key={e.key}>
                  <Td>
                    <div className="font-mono text-xs break-all">{e.key}</div>
                    <div className="text-xs text-muted">{e.upstream}</div>
                  </Td>
                  <Td className="whitespace-nowrap">
                    {e.ageMs === null ? "never fetched" : formatAge(e.ageMs)}
                    <div className="text-xs text-muted">
                      expires <LocalTime iso={e.expiresAt.toISOString()} />
                    </div>
                  </Td>
                  <Td className="text-right tabular-nums">{e.hits}</Td>
                  <Td>
                    <div className="flex flex-wrap gap-1">
                      {e.stale ? <Badge tone="warn">stale</Badge> : <Badge tone="ok">fresh</Badge>}
                      {e.refreshing ? <Badge tone="brand">refreshing</Badge> : null}
                    </div>
                    {e.lastError ? (
                      <p className="mt-1 max-w-xs text-xs break-words text-danger">{e.lastError}</p>
                    ) : null}
                  </Td>
                  <Td>
                    <RowAction
                      action={refreshEntryAction}
                      id={e.key}
                      label={canRefetch ? "Refresh now" : "Drop"}
                      pendingText={canRefetch ? "Refreshing…" : "Dropping…"}
                    />
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </>
  );
}

import type { Metadata } from "next";
import { AuditTable } from "@/components/admin/audit/audit-table";
import { PageHeader } from "@/components/admin/shared/page-header";
import { Pager } from "@/components/admin/shared/pager";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { listAudit } from "@/lib/admin/audit";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";

export const metadata: Metadata = { title: "Audit log" };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaff("staff", "/admin/audit");
  const params = await searchParams;
  const action = one(params.action)?.slice(0, 100) || undefined;
  const actor = one(params.actor)?.slice(0, 320) || undefined;
  const page = Number.parseInt(one(params.page) ?? "1", 10);
  const {
    rows,
    total,
    page: current,
    pages,
    actions,
    refs,
  } = await listAudit(db, { action, actor, page: Number.isFinite(page) ? page : 1 });
  const href = (p: number) =>
    `/admin/audit?${new URLSearchParams({ ...(action ? { action } : {}), ...(actor ? { actor } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <>
      <PageHeader title="Audit log" description="Every staff action: who, what, when, and what it changed." />
      <form
        method="get"
        role="search"
        aria-label="Filter the audit log"
        className="mb-4 flex flex-wrap items-end gap-3"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="audit-action" className="text-sm font-medium">
            Action
          </label>
          <Select id="audit-action" name="action" defaultValue={action ?? ""} className="w-56">
            <option value="">All actions</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex min-w-56 flex-col gap-1.5">
          <label htmlFor="audit-actor" className="text-sm font-medium">
            Staff email
          </label>
          <Input id="audit-actor" name="actor" defaultValue={actor ?? ""} />
        </div>
        <Button type="submit">Filter</Button>
      </form>
      <div className="flex flex-col gap-4">
        <AuditTable rows={rows} refs={refs} />
        <Pager page={current} pages={pages} total={total} noun="entry" plural="entries" hrefFor={href} />
      </div>
    </>
  );
}

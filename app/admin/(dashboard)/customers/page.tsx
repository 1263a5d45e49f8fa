import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/admin/shared/page-header";
import { Pager } from "@/components/admin/shared/pager";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Td, Th } from "@/components/ui/table";
import { listCustomers } from "@/lib/admin/customers";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";

export const metadata: Metadata = { title: "Customers" };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function CustomersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaff("staff", "/admin/customers");
  const params = await searchParams;
  const q = (one(params.q) ?? "").slice(0, 200);
  const page = Number.parseInt(one(params.page) ?? "1", 10);
  const { rows, total, page: current, pages } = await listCustomers(db, { q, page: Number.isFinite(page) ? page : 1 });
  const href = (p: number) =>
    `/admin/customers?${new URLSearchParams({ ...(q ? { q } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <>
      <PageHeader title="Customers" description="Customer accounts. Guest buyers appear in the orders list by email." />
      <form method="get" role="search" aria-label="Search customers" className="mb-4 flex flex-wrap items-end gap-2">
        <div className="flex min-w-64 flex-1 flex-col gap-1.5">
          <label htmlFor="customer-q" className="text-sm font-medium">
            Search by email or name
          </label>
          <Input id="customer-q" name="q" type="search" defaultValue={q} />
        </div>
        <Button type="submit">Search</Button>
      </form>
      <div className="flex flex-col gap-4">
        {rows.length ? (
          <Table>
            <caption className="sr-only">Customer accounts</caption>
            <thead>
              <tr>
                <Th>Email</Th>
                <Th>Name</Th>
                <Th>Signed up</Th>
                <Th className="text-right">Orders</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <Td className="break-all">
                    <Link
                      href={`/admin/customers/${c.id}`}
                      className="font-medium text-brand underline-offset-4 hover:underline"
                    >
                      {c.email}
                    </Link>
                  </Td>
                  <Td>{c.name}</Td>
                  <Td className="whitespace-nowrap">
                    <LocalTime iso={c.createdAt.toISOString()} withTime={false} />
                  </Td>
                  <Td className="text-right tabular-nums">{c._count.orders}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <p className="rounded-xl border border-dashed border-border p-8 text-center text-sm text-muted">
            {q ? "No customer matches that search." : "No customer accounts yet."}
          </p>
        )}
        <Pager page={current} pages={pages} total={total} noun="customer" hrefFor={href} />
      </div>
    </>
  );
}

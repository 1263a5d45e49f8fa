import type { Metadata } from "next";
import { OrderFiltersForm } from "@/components/admin/orders/order-filters";
import { OrdersTable } from "@/components/admin/orders/orders-table";
import { Notices } from "@/components/admin/shared/notices";
import { PageHeader } from "@/components/admin/shared/page-header";
import { Pager } from "@/components/admin/shared/pager";
import { buttonClasses } from "@/components/ui/button";
import { filtersToSearch, parseOrderFilters } from "@/lib/admin/orders/filters";
import { listOrders } from "@/lib/admin/orders/list";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";

export const metadata: Metadata = { title: "Orders" };

export default async function AdminOrdersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaff("staff", "/admin/orders");
  const { filters, problems } = parseOrderFilters(await searchParams);
  const { rows, total, page, pages } = await listOrders(db, filters);
  const exportHref = `/admin/orders/export${filtersToSearch({ ...filters, page: undefined })}`;
  return (
    <>
      <PageHeader
        title="Orders"
        description="Every order across the five products, newest first."
        actions={
          // A plain link: the browser downloads the streamed CSV of exactly these filters.
          <a href={exportHref} className={buttonClasses("secondary", "sm")} download>
            Export CSV ({total})
          </a>
        }
      />
      <Notices messages={problems} />
      <OrderFiltersForm filters={filters} />
      <div className="flex flex-col gap-4">
        <OrdersTable rows={rows} caption="Orders matching the filters" empty="No orders match these filters." />
        <Pager
          page={page}
          pages={pages}
          total={total}
          noun="order"
          hrefFor={(p) => `/admin/orders${filtersToSearch(filters, { page: p })}`}
        />
      </div>
    </>
  );
}

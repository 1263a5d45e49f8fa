import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { OrdersTable } from "@/components/admin/orders/orders-table";
import { Facts } from "@/components/admin/shared/facts";
import { PageHeader } from "@/components/admin/shared/page-header";
import { LocalTime } from "@/components/ui/local-time";
import { loadCustomer } from "@/lib/admin/customers";
import { requireStaff } from "@/lib/auth/guards";
import { staffLanguageLabel } from "@/lib/i18n/language-names";
import { db } from "@/lib/db";

export const metadata: Metadata = { title: "Customer" };

export default async function CustomerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireStaff("staff", `/admin/customers/${encodeURIComponent(id)}`);
  if (id.length > 64) notFound();
  const customer = await loadCustomer(db, id);
  if (!customer) notFound();
  const { user, orders } = customer;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/customers" className="text-muted underline-offset-4 hover:underline">
          ← All customers
        </Link>
      </p>
      <PageHeader title={user.name ?? user.email} description={user.email} />
      <div className="flex flex-col gap-6">
        <Facts
          title="Account"
          items={[
            ["Email", user.email],
            ["Name", user.name],
            // Their account mails are written in it.
            ["Language", staffLanguageLabel(user.locale)],
            ["Signed up", <LocalTime key="c" iso={user.createdAt.toISOString()} />],
            ["State", user.disabledAt ? "disabled" : "active"],
            ["Orders", String(orders.length)],
          ]}
        />
        <section aria-labelledby="customer-orders" className="flex flex-col gap-3">
          <h2 id="customer-orders" className="text-lg font-semibold">
            Orders
          </h2>
          <OrdersTable rows={orders} caption={`Orders of ${user.email}`} empty="This customer has no orders yet." />
        </section>
      </div>
    </>
  );
}

import type { Metadata } from "next";
import { PosProductTabs } from "@/components/admin/pos/product-tabs";
import { posProductOf } from "@/components/admin/pos/products";
import { PageHeader } from "@/components/admin/shared/page-header";
import { Card } from "@/components/ui/card";
import { requireStaff } from "@/lib/auth/guards";
import { productAvailability } from "@/lib/products/availability";
import { POS_FORMS } from "./forms";

export const metadata: Metadata = { title: "Point of sale" };
export const dynamic = "force-dynamic";

export default async function PosPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireStaff("staff", "/admin/pos");
  const chosen = posProductOf((await searchParams).product);
  // A product that is off is not offered at the counter (its form, and its catalog reads, are left out).
  const availability = await productAvailability(chosen);
  const product = availability.available ? chosen : null;
  const form = product ? await POS_FORMS[product]() : null;
  return (
    <>
      <PageHeader
        title="Point of sale"
        description="Sell to a walk-in buyer who pays you at the counter. A preview of the sale and its price is always shown before it is placed; placing records the counter payment in your name and delivers at once."
      />
      <PosProductTabs current={chosen} />
      <Card>
        {availability.available ? null : (
          <p role="alert" className="text-sm text-danger" data-testid="pos-product-unavailable">
            Not for sale right now: {availability.detail}
          </p>
        )}
        {form}
      </Card>
    </>
  );
}

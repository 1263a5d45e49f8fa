import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { ORDER_STATUSES, PRODUCT_TYPES, type OrderFilters } from "@/lib/admin/orders/filters";
import { ORDER_STATUS_DISPLAY } from "@/lib/orders/presentation";
import { productName } from "@/lib/products/product-name";

/** The list's filters as a plain GET form: the URL is the state (bookmarkable, shareable). */
export function OrderFiltersForm({ filters }: { filters: OrderFilters }) {
  return (
    <form
      method="get"
      action="/admin/orders"
      role="search"
      aria-label="Filter orders"
      className="mb-4 grid gap-3 rounded-xl border border-border bg-surface p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor="q" className="text-sm font-medium">
          Search
        </label>
        <Input
          id="q"
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          placeholder="Reference, phone, IMEI, ICCID, email"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="product" className="text-sm font-medium">
          Product
        </label>
        <Select id="product" name="product" defaultValue={filters.product ?? ""}>
          <option value="">All products</option>
          {PRODUCT_TYPES.map((type) => (
            <option key={type} value={type}>
              {productName(type)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="status" className="text-sm font-medium">
          Status
        </label>
        <Select id="status" name="status" defaultValue={filters.status ?? ""}>
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_DISPLAY[status].label} ({status.replace("_", " ")})
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="from" className="text-sm font-medium">
          From (UTC)
        </label>
        <Input id="from" name="from" type="date" defaultValue={filters.from ?? ""} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="to" className="text-sm font-medium">
          To (UTC)
        </label>
        <Input id="to" name="to" type="date" defaultValue={filters.to ?? ""} />
      </div>
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor="customer" className="text-sm font-medium">
          Customer email
        </label>
        <Input id="customer" name="customer" defaultValue={filters.customer ?? ""} placeholder="name@example.com" />
      </div>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit">Apply filters</Button>
        <Link
          href="/admin/orders"
          className="rounded-lg px-3 py-2 text-sm text-muted underline-offset-4 hover:underline"
        >
          Clear
        </Link>
      </div>
    </form>
  );
}

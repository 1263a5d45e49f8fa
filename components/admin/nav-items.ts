import type { Role } from "@/lib/db/generated/sqlite/enums";

/** The dashboard's sections, in menu order. `role` is the least role that sees the link (the page checks again). */
export const ADMIN_NAV: ReadonlyArray<{ href: string; label: string; role: Exclude<Role, "customer"> }> = [
  { href: "/admin", label: "Dashboard", role: "staff" },
  { href: "/admin/orders", label: "Orders", role: "staff" },
  { href: "/admin/pos", label: "Point of sale", role: "staff" },
  { href: "/admin/customers", label: "Customers", role: "staff" },
  { href: "/admin/credits", label: "Credits", role: "staff" },
  { href: "/admin/reports", label: "Reports", role: "staff" },
  { href: "/admin/webhooks", label: "Webhooks", role: "staff" },
  { href: "/admin/mail", label: "Mail", role: "staff" },
  { href: "/admin/catalog", label: "Catalog cache", role: "staff" },
  { href: "/admin/pricing", label: "Pricing", role: "admin" },
  { href: "/admin/staff", label: "Staff", role: "admin" },
  { href: "/admin/upstream", label: "Upstream connection", role: "admin" },
  { href: "/admin/audit", label: "Audit log", role: "staff" },
];

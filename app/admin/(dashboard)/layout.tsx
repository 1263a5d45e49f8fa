import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { AdminNav } from "@/components/admin/admin-nav";
import { ReconnectBanner } from "@/components/admin/upstream/reconnect-banner";
import { ADMIN_NAV } from "@/components/admin/nav-items";
import { signOutAction } from "@/app/[locale]/(shop)/account/actions";
import { SignOutButton } from "@/components/admin/shared/sign-out-button";
import { ThemeToggle } from "@/components/shop/theme-toggle";
import { hasRole, requireStaffForEnrolment } from "@/lib/auth/guards";
import { messagesFor } from "@/lib/i18n/messages";
import { SHOP_NAME } from "@/lib/products";
import { LowBalanceBanner } from "@/components/admin/credits/low-balance-banner";
import { lowBalance } from "@/lib/admin/credits/low-balance";
import { db } from "@/lib/db";

export const metadata: Metadata = {
  title: { template: `%s · Admin · ${SHOP_NAME}`, default: `Admin · ${SHOP_NAME}` },
  robots: { index: false, follow: false },
};

// The layout's check keeps visitors off every dashboard page; each page, action and route
// still checks for itself (layouts do not run for server actions or route handlers).
export default async function AdminLayout({ children }: { children: ReactNode }) {
  // Not requireStaff: while two-factor is required, pages send members without it to
  // /admin/security, which renders inside this layout.
  const user = await requireStaffForEnrolment();
  const items = ADMIN_NAV.filter((item) => hasRole(user, item.role));
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border bg-surface">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4">
          <Link href="/admin" className="flex items-center gap-2 font-bold tracking-tight">
            <span
              aria-hidden="true"
              className="inline-flex size-7 items-center justify-center rounded-lg bg-brand text-sm text-brand-fg"
            >
              R
            </span>
            {SHOP_NAME} admin
          </Link>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="hidden text-muted sm:inline">
              {user.email} · {user.role}
            </span>
            <Link
              href="/admin/security"
              className="rounded-lg px-2 py-1 text-muted hover:bg-surface-muted hover:text-fg"
            >
              Security
            </Link>
            <Link href="/" className="rounded-lg px-2 py-1 text-muted hover:bg-surface-muted hover:text-fg">
              Shop
            </Link>
            <ThemeToggle label={messagesFor("en").Frame.themeToggle} />
            <SignOutButton signOut={signOutAction} />
          </div>
        </div>
      </header>
      <ReconnectBanner user={user} />
      <div className="mx-auto grid w-full max-w-7xl flex-1 grid-cols-1 gap-6 px-4 py-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <aside className="min-w-0">
          <AdminNav items={items} />
        </aside>
        <main id="main" className="min-w-0">
          <LowBalanceBanner balance={lowBalance(db)} />
          {children}
        </main>
      </div>
    </div>
  );
}

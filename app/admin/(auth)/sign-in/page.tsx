import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { staffSignInAction } from "@/app/[locale]/(shop)/account/actions";
import { StaffSignInForm } from "@/components/admin/security/staff-sign-in-form";
import { Card } from "@/components/ui/card";
import { getCurrentUser, hasRole } from "@/lib/auth/guards";
import { safeNextPath } from "@/lib/auth/safe-redirect";
import { SHOP_NAME } from "@/lib/products";

export const metadata: Metadata = { title: "Staff sign in", robots: { index: false, follow: false } };

// Outside the dashboard layout (which requires staff): this is the one public admin page.
export default async function StaffSignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string; password?: string; signedOut?: string }>;
}) {
  const query = await searchParams;
  const requested = safeNextPath(query.next);
  const next = requested.startsWith("/admin") ? requested : "/admin";
  const user = await getCurrentUser();
  if (hasRole(user, "staff")) redirect(next);
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">Staff sign in</h1>
      <p className="mt-2 text-sm text-muted">For the {SHOP_NAME} team. Customers sign in from the shop.</p>
      {query.signedOut === "everywhere" ? (
        <p role="status" className="mt-4 rounded-lg bg-ok-soft px-3 py-2 text-sm text-ok">
          You are signed out on every device.
        </p>
      ) : null}
      {query.password === "set" ? (
        <p role="status" className="mt-4 rounded-lg bg-ok-soft px-3 py-2 text-sm text-ok">
          Your password is set. Sign in with your email and the new password.
        </p>
      ) : null}
      {user ? (
        <p role="status" className="mt-4 rounded-lg bg-warn-soft px-3 py-2 text-sm text-warn">
          You are signed in as {user.email}, which is not a staff account. Sign in with your staff account to continue.
        </p>
      ) : null}
      <Card className="mt-6">
        <StaffSignInForm next={next} signIn={staffSignInAction} />
      </Card>
    </main>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { SetPasswordForm } from "@/components/admin/staff/set-password-form";
import { setPasswordAction } from "./actions";
import { Card } from "@/components/ui/card";
import { passwordLinkState } from "@/lib/admin/password-links";
import { db } from "@/lib/db";

// The page a staff member reaches from an invitation or reset link (lib/admin/password-links.ts).
// Outside the dashboard layout, like the sign-in: they have no password yet. The token is in the
// address, so the page sends no referrer and is never indexed.
export const metadata: Metadata = {
  title: "Choose your password",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default async function SetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const state = await passwordLinkState(db, token);
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">
        {state.ok && state.purpose === "reset" ? "Reset your password" : "Choose your password"}
      </h1>
      {state.ok ? (
        <>
          <p className="mt-2 text-sm text-muted">
            For the staff account <strong className="text-fg [overflow-wrap:anywhere]">{state.email}</strong>. You sign
            in with this email and the password you choose here.
          </p>
          <Card className="mt-6">
            <SetPasswordForm token={token} email={state.email} setPassword={setPasswordAction} />
          </Card>
        </>
      ) : (
        <Card className="mt-6">
          <p role="alert" className="text-sm">
            {state.message}
          </p>
          <Link href="/admin/sign-in" className="mt-4 inline-block text-sm font-medium text-brand underline">
            Go to staff sign-in
          </Link>
        </Card>
      )}
    </main>
  );
}

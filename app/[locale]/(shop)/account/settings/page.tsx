import type { Metadata } from "next";
import { Link } from "@/lib/i18n/navigation";
import { ChangeEmailForm, ChangePasswordForm } from "@/components/shop/account/settings-forms";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/guards";
import { signOutEverywhereAction } from "../actions";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Account settings" };
export const dynamic = "force-dynamic";

export default async function AccountSettingsPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<{ changed?: string }> }) {
  await enterLocale(params);
  const user = await requireUser("/account/settings");
  const { changed } = await searchParams;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <Link href="/account" className="text-sm font-medium text-brand underline-offset-4 hover:underline">
        ← Your orders
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">Account settings</h1>
      <p className="mt-1 text-sm text-muted">Signed in as {user.email}</p>
      {changed === "password" ? (
        <p role="status" className="mt-4 rounded-lg bg-ok-soft px-3 py-2 text-sm text-ok">
          Password changed. Every other device was signed out.
        </p>
      ) : null}
      <div className="mt-8 flex flex-col gap-6">
        <Card>
          <CardTitle className="mb-4">Password</CardTitle>
          <ChangePasswordForm email={user.email} />
        </Card>
        <Card>
          <CardTitle className="mb-1">Email address</CardTitle>
          <p className="mb-4 text-sm text-muted">We mail a link to the new address; the account moves to it once you open that link.</p>
          <ChangeEmailForm />
        </Card>
        <Card>
          <CardTitle className="mb-1">Devices</CardTitle>
          <p className="mb-4 text-sm text-muted">Lost a phone, or signed in on a shared computer? End every session, this one included.</p>
          <form action={signOutEverywhereAction}>
            <Button type="submit" variant="secondary">
              Sign out everywhere
            </Button>
          </form>
        </Card>
      </div>
    </div>
  );
}

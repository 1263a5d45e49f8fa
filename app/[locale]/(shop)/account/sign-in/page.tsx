import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/shop/account/auth-forms";
import { Card } from "@/components/ui/card";
import { getCurrentUser } from "@/lib/auth/guards";
import { safeNextPath } from "@/lib/auth/safe-redirect";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<{ next?: string; reset?: string; email?: string }> }) {
  await enterLocale(params);
  const query = await searchParams;
  const next = safeNextPath(query.next);
  const resetDone = query.reset === "done";
  if (await getCurrentUser()) redirect(next);
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">Sign in</h1>
      <p className="mt-2 text-sm text-muted">See your orders and check out faster. You can also buy as a guest.</p>
      {resetDone ? (
        <p role="status" className="mt-4 rounded-lg bg-ok-soft px-3 py-2 text-sm text-ok">
          Your new password is set, and every device was signed out. Sign in with it now.
        </p>
      ) : null}
      <Card className="mt-6">
        <SignInForm next={next} email={resetDone && typeof query.email === "string" ? query.email.slice(0, 254) : undefined} />
      </Card>
    </div>
  );
}

import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignUpForm } from "@/components/shop/account/auth-forms";
import { Card } from "@/components/ui/card";
import { getCurrentUser } from "@/lib/auth/guards";
import { safeNextPath } from "@/lib/auth/safe-redirect";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<{ next?: string }> }) {
  await enterLocale(params);
  const next = safeNextPath((await searchParams).next);
  if (await getCurrentUser()) redirect(next);
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">Create an account</h1>
      <p className="mt-2 text-sm text-muted">Your orders placed while signed in appear in your order history.</p>
      <Card className="mt-6">
        <SignUpForm next={next} />
      </Card>
    </div>
  );
}

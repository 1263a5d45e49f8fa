import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/shop/account/recovery-forms";
import { Card } from "@/components/ui/card";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Forgot your password?" };

export default async function ForgotPasswordPage({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">Forgot your password?</h1>
      <p className="mt-2 text-sm text-muted">Enter your address and we mail you a link to choose a new one. Your orders stay as they are.</p>
      <Card className="mt-6">
        <ForgotPasswordForm />
      </Card>
    </div>
  );
}

import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/shop/account/recovery-forms";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { resetLinkState } from "@/lib/account/password-reset";
import { db } from "@/lib/db";
import { resetPasswordAction } from "../../recovery-actions";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

export default async function ResetPasswordPage({ params }: { params: Promise<{ locale: string; token: string }> }) {
  await enterLocale(params);
  const { token } = await params;
  const state = await resetLinkState(db, token);
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">Choose a new password</h1>
      <Card className="mt-6">
        {state.ok ? (
          <>
            <p className="mb-4 text-sm text-muted">For {state.email}. Setting it signs the account out on every device.</p>
            <ResetPasswordForm action={resetPasswordAction.bind(null, token)} email={state.email} />
          </>
        ) : (
          <div className="flex flex-col gap-4" data-testid="link-problem" data-code={state.code}>
            <p role="alert" className="text-sm">
              {state.message}
            </p>
            <ButtonLink href="/account/forgot-password" variant="secondary" className="self-start">
              Ask for a new link
            </ButtonLink>
          </div>
        )}
      </Card>
    </div>
  );
}

import type { Metadata } from "next";
import { ConfirmEmailForm } from "@/components/shop/account/recovery-forms";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { checkAccountLink } from "@/lib/account/email-links";
import { db } from "@/lib/db";
import { confirmEmailAction } from "../../recovery-actions";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Confirm your email", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

// Confirming takes a click on the page, not the visit: mail scanners that open links must not
// confirm an address on the owner's behalf.
export default async function VerifyEmailPage({ params }: { params: Promise<{ locale: string; token: string }> }) {
  await enterLocale(params);
  const { token } = await params;
  const state = await checkAccountLink(db, token, "verify_email");
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">Confirm your email</h1>
      <Card className="mt-6">
        {state.ok ? (
          <ConfirmEmailForm action={confirmEmailAction.bind(null, token)} email={state.link.email} />
        ) : (
          <div className="flex flex-col gap-4" data-testid="link-problem" data-code={state.code}>
            <p role="alert" className="text-sm">
              {state.message}
            </p>
            <ButtonLink href="/account" variant="secondary" className="self-start">
              Go to your account
            </ButtonLink>
          </div>
        )}
      </Card>
    </div>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/client-messages";
import { ConfirmEmailForm } from "@/components/shop/account/recovery-forms";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { verifyLinkState } from "@/lib/account/verification";
import { db } from "@/lib/db";
import { confirmEmailChangeAction, confirmSignUpAction } from "../../recovery-actions";
import { pageLocale } from "@/lib/i18n/locale-param";
import { linkProblemText } from "../../words";

type Params = { params: Promise<{ locale: string; token: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: "AccountRecovery" });
  return { title: t("verifyTitle"), referrer: "no-referrer" };
}
export const dynamic = "force-dynamic";

// Confirming takes the form on the page, not the visit: mail scanners that open links must not
// confirm an address on the owner's behalf. A sign-up's link asks for the new password; a change
// of address's link for the account's current one (lib/account/verification.ts).
export default async function VerifyEmailPage({ params }: Params) {
  const locale = await pageLocale(params);
  const [t, messages] = await Promise.all([
    getTranslations({ locale, namespace: "AccountRecovery" }),
    getTranslations({ locale, namespace: "AccountMessages" }),
  ]);
  const { token } = await params;
  const state = await verifyLinkState(db, token);
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">{t("verifyTitle")}</h1>
      <Card className="mt-6">
        {state.ok ? (
          <ClientMessages locale={locale} namespaces={["AccountRecoveryForms"]}>
            <ConfirmEmailForm
              action={(state.kind === "change" ? confirmEmailChangeAction : confirmSignUpAction).bind(null, token)}
              email={state.email}
              kind={state.kind}
            />
          </ClientMessages>
        ) : (
          <div className="flex flex-col gap-4" data-testid="link-problem" data-code={state.code}>
            <p role="alert" className="text-sm">
              {linkProblemText(messages, "verify_email", state)}
            </p>
            <ButtonLink href="/account" variant="secondary" className="self-start">
              {t("goToAccount")}
            </ButtonLink>
          </div>
        )}
      </Card>
    </div>
  );
}

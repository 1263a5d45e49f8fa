import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/client-messages";
import { ResetPasswordForm } from "@/components/shop/account/recovery-forms";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { resetLinkState } from "@/lib/account/password-reset";
import { db } from "@/lib/db";
import { resetPasswordAction } from "../../recovery-actions";
import { pageLocale } from "@/lib/i18n/locale-param";
import { linkProblemText } from "../../words";

type Params = { params: Promise<{ locale: string; token: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: "AccountRecovery" });
  return { title: t("resetTitle"), referrer: "no-referrer" };
}
export const dynamic = "force-dynamic";

export default async function ResetPasswordPage({ params }: Params) {
  const locale = await pageLocale(params);
  const [t, messages] = await Promise.all([
    getTranslations({ locale, namespace: "AccountRecovery" }),
    getTranslations({ locale, namespace: "AccountMessages" }),
  ]);
  const { token } = await params;
  const state = await resetLinkState(db, token);
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">{t("resetTitle")}</h1>
      <Card className="mt-6">
        {state.ok ? (
          <>
            <p className="mb-4 text-sm text-muted">{t("resetFor", { email: state.email })}</p>
            <ClientMessages locale={locale} namespaces={["AccountRecoveryForms"]}>
              <ResetPasswordForm action={resetPasswordAction.bind(null, token)} email={state.email} />
            </ClientMessages>
          </>
        ) : (
          <div className="flex flex-col gap-4" data-testid="link-problem" data-code={state.code}>
            <p role="alert" className="text-sm">
              {linkProblemText(messages, "reset_password", state)}
            </p>
            <ButtonLink href="/account/forgot-password" variant="secondary" className="self-start">
              {t("askNewLink")}
            </ButtonLink>
          </div>
        )}
      </Card>
    </div>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/client-messages";
import { ForgotPasswordForm } from "@/components/shop/account/recovery-forms";
import { Card } from "@/components/ui/card";
import { pageLocale } from "@/lib/i18n/locale-param";
import { forgotPasswordAction } from "../recovery-actions";

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: "AccountRecovery" });
  return { title: t("forgotTitle") };
}

export default async function ForgotPasswordPage({ params }: Params) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "AccountRecovery" });
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">{t("forgotTitle")}</h1>
      <p className="mt-2 text-sm text-muted">{t("forgotLead")}</p>
      <Card className="mt-6">
        <ClientMessages locale={locale} namespaces={["AccountRecoveryForms"]}>
          <ForgotPasswordForm send={forgotPasswordAction} />
        </ClientMessages>
      </Card>
    </div>
  );
}

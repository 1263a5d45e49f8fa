import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { ClientMessages } from "@/components/client-messages";
import { SignUpForm } from "@/components/shop/account/auth-forms";
import { Card } from "@/components/ui/card";
import { getCurrentUser } from "@/lib/auth/guards";
import { safeNextPath } from "@/lib/auth/safe-redirect";
import { pageLocale } from "@/lib/i18n/locale-param";
import { signUpAction } from "../actions";
import { nextInLanguage } from "../words";

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: "AccountAuth" });
  return { title: t("signUpTitle") };
}

export default async function SignUpPage({
  params,
  searchParams,
}: Params & { searchParams: Promise<{ next?: string }> }) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "AccountAuth" });
  const next = safeNextPath((await searchParams).next);
  if (await getCurrentUser()) redirect(await nextInLanguage(next));
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">{t("signUpTitle")}</h1>
      <p className="mt-2 text-sm text-muted">{t("signUpLead")}</p>
      <Card className="mt-6">
        <ClientMessages locale={locale} namespaces={["AccountAuthForms"]}>
          <SignUpForm next={next} signUp={signUpAction} />
        </ClientMessages>
      </Card>
    </div>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { ClientMessages } from "@/components/client-messages";
import { SignInForm } from "@/components/shop/account/auth-forms";
import { Card } from "@/components/ui/card";
import { getCurrentUser } from "@/lib/auth/guards";
import { safeNextPath } from "@/lib/auth/safe-redirect";
import { pageLocale } from "@/lib/i18n/locale-param";
import { signInAction } from "../actions";
import { nextInLanguage } from "../words";

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: "AccountAuth" });
  return { title: t("signInTitle") };
}

export default async function SignInPage({
  params,
  searchParams,
}: Params & { searchParams: Promise<{ next?: string; reset?: string; email?: string }> }) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "AccountAuth" });
  const query = await searchParams;
  const next = safeNextPath(query.next);
  const resetDone = query.reset === "done";
  if (await getCurrentUser()) redirect(await nextInLanguage(next));
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">{t("signInTitle")}</h1>
      <p className="mt-2 text-sm text-muted">{t("signInLead")}</p>
      {resetDone ? (
        <p role="status" className="mt-4 rounded-lg bg-ok-soft px-3 py-2 text-sm text-ok">
          {t("resetDone")}
        </p>
      ) : null}
      <Card className="mt-6">
        <ClientMessages locale={locale} namespaces={["AccountAuthForms"]}>
          <SignInForm
            next={next}
            signIn={signInAction}
            email={resetDone && typeof query.email === "string" ? query.email.slice(0, 254) : undefined}
          />
        </ClientMessages>
      </Card>
    </div>
  );
}

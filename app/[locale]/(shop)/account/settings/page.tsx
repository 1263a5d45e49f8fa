import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/navigation";
import { ClientMessages } from "@/components/client-messages";
import { ChangeEmailForm, ChangePasswordForm } from "@/components/shop/account/settings-forms";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/guards";
import { signOutEverywhereAction } from "../actions";
import { changeEmailAction, changePasswordAction } from "./actions";
import { pageLocale } from "@/lib/i18n/locale-param";

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const t = await getTranslations({ locale: await pageLocale(params), namespace: "AccountSettings" });
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

export default async function AccountSettingsPage({
  params,
  searchParams,
}: Params & { searchParams: Promise<{ changed?: string }> }) {
  const locale = await pageLocale(params);
  const [t, account] = await Promise.all([
    getTranslations({ locale, namespace: "AccountSettings" }),
    getTranslations({ locale, namespace: "Account" }),
  ]);
  const user = await requireUser("/account/settings");
  const { changed } = await searchParams;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <Link href="/account" className="text-sm font-medium text-brand underline-offset-4 hover:underline">
        ← {t("backToOrders")}
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-1 text-sm text-muted">{account("signedInAs", { email: user.email })}</p>
      {changed === "password" ? (
        <p role="status" className="mt-4 rounded-lg bg-ok-soft px-3 py-2 text-sm text-ok">
          {t("passwordChanged")}
        </p>
      ) : null}
      <div className="mt-8 flex flex-col gap-6">
        <ClientMessages locale={locale} namespaces={["AccountSettingsForms"]}>
          <Card>
            <CardTitle className="mb-4">{t("password")}</CardTitle>
            <ChangePasswordForm email={user.email} change={changePasswordAction} />
          </Card>
          <Card>
            <CardTitle className="mb-1">{t("email")}</CardTitle>
            <p className="mb-4 text-sm text-muted">{t("emailLead")}</p>
            <ChangeEmailForm change={changeEmailAction} />
          </Card>
        </ClientMessages>
        <Card>
          <CardTitle className="mb-1">{t("devices")}</CardTitle>
          <p className="mb-4 text-sm text-muted">{t("devicesLead")}</p>
          <form action={signOutEverywhereAction}>
            <Button type="submit" variant="secondary">
              {account("signOutEverywhere")}
            </Button>
          </form>
        </Card>
      </div>
    </div>
  );
}

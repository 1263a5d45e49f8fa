import { useLocale, useTranslations } from "next-intl";
import type { DeviceKind } from "@/lib/http/device";
import { esimInstallSteps } from "@/lib/products/esim/install-steps";

/**
 * Step-by-step installation (the same steps as the delivery mail). On a phone, that phone's
 * steps first and the other family's behind "Installing on … instead?"; on a computer, both.
 */
export function EsimInstallSteps({
  confirmationCodeRequired,
  device,
}: {
  confirmationCodeRequired: boolean;
  device: DeviceKind;
}) {
  const t = useTranslations("DeliveryEsim");
  const locale = useLocale();
  const families = esimInstallSteps({ confirmationCodeRequired, onOrderPage: true, locale });
  const platform = device === "ios" ? "iphone" : "android";
  const own = device === "desktop" ? families : families.filter((family) => family.platform === platform);
  const other = device === "desktop" ? [] : families.filter((family) => family.platform !== platform);
  return (
    <div className="flex flex-col gap-4" data-testid="esim-install-steps">
      <div className={own.length > 1 ? "grid gap-4 sm:grid-cols-2" : "grid gap-4"}>
        {own.map((family) => (
          <Steps key={family.platform} family={family} />
        ))}
      </div>
      {other.map((family) => (
        <details key={family.platform} className="text-sm">
          <summary className="cursor-pointer font-medium text-brand">
            {t("otherPlatform", { platform: family.platform })}
          </summary>
          <div className="mt-3">
            <Steps family={family} />
          </div>
        </details>
      ))}
    </div>
  );
}

function Steps({ family }: { family: ReturnType<typeof esimInstallSteps>[number] }) {
  return (
    <section aria-labelledby={`install-${family.platform}`} className="rounded-xl border border-border p-4">
      <h3 id={`install-${family.platform}`} className="font-semibold">
        {family.title}
      </h3>
      <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-muted">
        {family.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}

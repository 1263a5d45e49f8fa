import { esimInstallSteps } from "@/lib/products/esim/install-steps";

/** Step-by-step installation for iPhone and Android (the same steps as the delivery mail). */
export function EsimInstallSteps({ confirmationCodeRequired }: { confirmationCodeRequired: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="esim-install-steps">
      {esimInstallSteps({ confirmationCodeRequired, onOrderPage: true }).map((family) => (
        <section key={family.platform} aria-labelledby={`install-${family.platform}`} className="rounded-xl border border-border p-4">
          <h3 id={`install-${family.platform}`} className="font-semibold">
            {family.title}
          </h3>
          <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-muted">
            {family.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

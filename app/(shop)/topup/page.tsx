import type { Metadata } from "next";
import { randomUUID } from "node:crypto";
import { redirect } from "next/navigation";
import { payForTopupAction } from "./actions";
import { loadTopupOffer } from "./offer";
import { loadTopupQuote } from "./quote";
import { CarrierSummary } from "@/components/shop/topup/carrier-summary";
import { checkPhone } from "@/components/shop/topup/phone";
import { PhoneStep } from "@/components/shop/topup/phone-step";
import { RateStep } from "@/components/shop/topup/rate-step";
import { ReviewStep } from "@/components/shop/topup/review-step";
import { StepProgress } from "@/components/shop/topup/step-progress";
import { getCurrentUser } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Mobile top-up" };
export const dynamic = "force-dynamic";

type Search = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/**
 * The top-up journey, one step per URL state (a GET form per step, so back/refresh/two tabs
 * behave): /topup → ?phone= (carrier and rates) → &rate=&sms= (review; a submission id is
 * added to the URL once, so every copy of this review makes the same one order) → Pay.
 */
export default async function TopupPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const rawPhone = first(search.phone);
  const rate = first(search.rate);
  const sms = first(search.sms) === "1";
  const submissionId = first(search.sub);

  const header = (step: 1 | 2 | 3) => (
    <div className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold tracking-tight">Mobile top-up</h1>
      <p className="text-muted">Send airtime, data or a bundle to any prepaid number. We find the operator from the number.</p>
      <StepProgress current={step} />
    </div>
  );

  const phone = rawPhone ? checkPhone(rawPhone) : null;
  if (!phone || !phone.ok) {
    return (
      <Shell>
        {header(1)}
        <div className="rounded-xl border border-border bg-surface p-5">
          <PhoneStep defaultValue={rawPhone ?? first(search.change)} serverError={phone && !phone.ok ? phone.error : undefined} />
        </div>
      </Shell>
    );
  }

  const offer = await loadTopupOffer(phone.e164);
  if (!offer.ok) {
    return (
      <Shell>
        {header(1)}
        <div className="rounded-xl border border-border bg-surface p-5">
          <PhoneStep defaultValue={phone.e164} serverError={offer.error} />
        </div>
      </Shell>
    );
  }
  const { operatorName, countryName, choices, pricesAgeMs } = offer.offer;
  const carrier = <CarrierSummary phone={phone.e164} operatorName={operatorName} countryName={countryName} />;
  const choice = rate ? choices.find((c) => c.token === rate) : undefined;

  if (!choice) {
    return (
      <Shell>
        {header(2)}
        {carrier}
        <section aria-labelledby="amount-heading" className="flex flex-col gap-4">
          <h2 id="amount-heading" className="text-xl font-semibold">
            Choose an amount
          </h2>
          {pricesAgeMs !== null ? <StalePrices ageMs={pricesAgeMs} /> : null}
          <RateStep phone={phone.e164} choices={choices} selected={first(search.pick)} sms={sms} error={rate ? "That top-up is no longer offered for this number. Please choose again." : undefined} />
        </section>
      </Shell>
    );
  }

  // The review's submission id lives in the URL: refresh, back and a second tab keep it.
  if (!submissionId || !/^[0-9a-f-]{36}$/i.test(submissionId)) {
    redirect(`/topup?${new URLSearchParams({ phone: phone.e164, rate: choice.token, ...(sms ? { sms: "1" } : {}), sub: randomUUID() })}`);
  }

  const [user, quote] = await Promise.all([getCurrentUser(), loadTopupQuote({ phone: phone.e164, rate: choice.token, sms })]);
  // "Change" goes back to step 2 with this choice still selected.
  const changeHref = `/topup?${new URLSearchParams({ phone: phone.e164, pick: choice.token, ...(sms ? { sms: "1" } : {}) })}`;
  return (
    <Shell>
      {header(3)}
      {carrier}
      <section aria-labelledby="review-title" className="flex flex-col gap-4">
        <h2 id="review-title" className="text-xl font-semibold">
          Review and pay
        </h2>
        {quote.ok ? (
          <ReviewStep
            choice={choice}
            pricing={quote.pricing}
            fields={{ phone: phone.e164, rate: choice.token, sms, submissionId, expectedTotalMinor: quote.pricing.totalMinor }}
            changeHref={changeHref}
            payAction={payForTopupAction}
            defaultEmail={user?.email}
            signedIn={!!user}
          />
        ) : (
          <div role="alert" className="rounded-xl border border-border bg-surface px-5 py-4 text-sm">
            <p className="font-medium text-danger">{quote.error}</p>
            <a href={changeHref} className="mt-2 inline-block font-medium text-brand underline-offset-4 hover:underline">
              Choose the top-up again
            </a>
          </div>
        )}
      </section>
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:py-12">{children}</div>;
}

function StalePrices({ ageMs }: { ageMs: number }) {
  const minutes = Math.max(1, Math.round(ageMs / 60_000));
  return (
    <p className="rounded-lg bg-warn-soft px-3 py-2 text-sm">
      Prices as of {minutes < 120 ? `${minutes} minutes` : `${Math.round(minutes / 60)} hours`} ago: we could not refresh them just now. The final price is confirmed on the next step.
    </p>
  );
}

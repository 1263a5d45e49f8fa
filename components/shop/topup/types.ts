// The top-up offer as the journey's components receive it (built by app/(shop)/topup/offer.ts).

export type TopupChoice = {
  token: string;
  productName: string;
  description: string | null;
  serviceType: string;
  amountLocalMinor: number | null;
  currencyLocal: string | null;
  /** Retail price in the shop's currency: amount, fee (upstream fee + margin) and total. */
  currency: string;
  amountMinor: number;
  feeMinor: number;
  totalMinor: number;
};

export type TopupOffer = {
  operatorId: string;
  operatorName: string;
  countryName: string;
  countryCode: string;
  choices: TopupChoice[];
  /** Set when the rates come from an old cache entry (the upstream could not be reached). */
  pricesAgeMs: number | null;
};

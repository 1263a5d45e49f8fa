// Local currency per catalog country and a fixed, approximate EUR value of one unit.
// Used only to show what the recipient gets ("1,000 INR") next to the EUR/USD price;
// fixed so the same seed always gives the same catalog. Not a source of real FX rates.

export const EUR_TO_USD = 1.08;

export type LocalCurrency = { code: string; eurPerUnit: number };

const c = (code: string, eurPerUnit: number): LocalCurrency => ({ code, eurPerUnit });
const EUR = c("EUR", 1);
const USD = c("USD", 1 / EUR_TO_USD);
const XOF = c("XOF", 0.00152);

export const COUNTRY_CURRENCY: Readonly<Record<string, LocalCurrency>> = {
  gb: c("GBP", 1.17), us: USD, de: EUR, fr: EUR, es: EUR, it: EUR, nl: EUR, pt: EUR, be: EUR, at: EUR, ie: EUR, gr: EUR,
  mx: c("MXN", 0.05), br: c("BRL", 0.17), in: c("INR", 0.011), ng: c("NGN", 0.0006), ke: c("KES", 0.0071),
  ph: c("PHP", 0.016), pk: c("PKR", 0.0033), tr: c("TRY", 0.027), ae: c("AED", 0.25), ma: c("MAD", 0.092),
  co: c("COP", 0.00023), ca: c("CAD", 0.68), ar: c("ARS", 0.001), pe: c("PEN", 0.25), cl: c("CLP", 0.001),
  ec: USD, do: c("DOP", 0.0155), gt: c("GTQ", 0.12), hn: c("HNL", 0.037), sv: USD, bo: c("BOB", 0.134),
  ve: c("VES", 0.025), cu: c("CUP", 0.039), ht: c("HTG", 0.007), jm: c("JMD", 0.0059), pl: c("PLN", 0.23),
  ro: c("RON", 0.2), ch: c("CHF", 1.05), se: c("SEK", 0.088), ua: c("UAH", 0.022), cn: c("CNY", 0.128),
  id: c("IDR", 0.000057), vn: c("VND", 0.000036), th: c("THB", 0.026), my: c("MYR", 0.2), bd: c("BDT", 0.0078),
  lk: c("LKR", 0.0031), np: c("NPR", 0.0069), eg: c("EGP", 0.019), za: c("ZAR", 0.05), gh: c("GHS", 0.06),
  cm: c("XAF", 0.00152), sn: XOF, ci: XOF, tz: c("TZS", 0.00035), ug: c("UGX", 0.00025), dz: c("DZD", 0.0069),
  tn: c("TND", 0.3), sa: c("SAR", 0.247), qa: c("QAR", 0.254), kw: c("KWD", 3.0), jo: c("JOD", 1.3), lb: USD,
  af: c("AFN", 0.013), jp: c("JPY", 0.0061),
};

export function currencyOf(iso2: string): LocalCurrency {
  return COUNTRY_CURRENCY[iso2] ?? EUR;
}

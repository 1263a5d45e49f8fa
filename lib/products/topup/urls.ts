// The top-up journey's shareable URLs: country and operator in the path, the buyer's choices
// (number, rate, SMS) in the query.
//
//   /topup                                  number first (or browse by country)
//   /topup/{country}                        a country's operators and products
//   /topup/{country}/{id}-{name}            an operator's rates; ?phone=, ?rate=, ?sms=1

export type TopupQuery = Partial<Record<"phone" | "rate" | "pick" | "sms" | "type" | "q", string | undefined>>;

const slug = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function withQuery(path: string, query: TopupQuery = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export function countryHref(country: string, query?: TopupQuery): string {
  return withQuery(`/topup/${country.toLowerCase()}`, query);
}

/** The operator's page: its id first (what the page reads), then its name for people. */
export function operatorHref(country: string, operatorId: string, operatorName: string, query?: TopupQuery): string {
  const name = slug(operatorName);
  return withQuery(`/topup/${country.toLowerCase()}/${name ? `${operatorId}-${name}` : operatorId}`, query);
}

/** "1010-o2" → "1010"; anything not starting with a numeric id → null. */
export function operatorIdFromParam(param: string): string | null {
  return /^(\d{1,12})(?:-[a-z0-9-]*)?$/.exec(decodeURIComponent(param))?.[1] ?? null;
}

/** "gb" / "GB" → "gb" when it looks like an ISO 3166-1 alpha-2 code. */
export function countryFromParam(param: string): string | null {
  const code = param.toLowerCase();
  return /^[a-z]{2}$/.test(code) ? code : null;
}

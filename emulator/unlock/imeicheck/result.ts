import type { EmulatorContext } from "../../core/context";
import { intBetween, pick, seededRandom } from "../../core/random";
import type { UnlockCatalog } from "../catalog";
import { deviceImageUrl } from "../catalog/routes";

// The IMEI check result (spec section 2). Section 8 fixes four sandbox IMEIs (forced where
// ../dialect.ts says); other IMEIs get a free report, blacklisted when the check digit is 7 (README).

export const SANDBOX_IMEICHECK_IMEIS = {
  blacklisted: "353047098598802",
  clean: "359405085972766",
  paid: "123456789876543",
  error: "123456789987654",
} as const;

export type ImeiCheckScenario = keyof typeof SANDBOX_IMEICHECK_IMEIS;

/** What a free (type F) check costs on a production account; paid-only and failed checks cost nothing. */
export const IMEI_CHECK_PRICE_MINOR = 50;
/** What a paid (type P) device's full report costs when the check asks for it (`type_pay=P`, README). */
export const IMEI_FULL_REPORT_PRICE_MINOR = 250;
export const MAX_HISTORY = 10;

/** Countries whose networks appear in the black and white lists. */
const LIST_COUNTRIES = ["GB", "US", "DE", "FR", "ES", "IT", "NL", "IE", "AU", "CA"];
const HISTORY_ACTIONS = [
  "Reported stolen",
  "Reported lost",
  "Blacklisted",
  "Blocked by operator",
  "Insurance claim filed",
];

/** `sandboxForced`: ../dialect.ts sandboxImeisForced for the calling account. */
export function imeiCheckScenario(imei: string, sandboxForced: boolean): ImeiCheckScenario {
  const sandbox = (Object.entries(SANDBOX_IMEICHECK_IMEIS) as Array<[ImeiCheckScenario, string]>).find(
    ([, v]) => v === imei,
  );
  if (sandbox && sandboxForced) return sandbox[0];
  return imei.endsWith("7") ? "blacklisted" : "clean";
}

/** The ledger reference of a paid device's full report: its PDF is served once one was bought. */
export const fullReportReference = (imei: string) => `imeicheck-full-report:${imei}`;

export function fullReportBought(ctx: EmulatorContext, imei: string): boolean {
  return ctx.ledger.entries.some((e) => e.api === "unlock" && e.reference === fullReportReference(imei));
}

/**
 * The report's PDF. A check whose sandbox IMEIs were not forced says so in the URL (the PDF is
 * fetched without credentials, so it cannot know the account).
 */
export function reportUrl(ctx: EmulatorContext, imei: string, sandboxForced = true): string {
  return `${ctx.config.publicUrl}/reports/imei/${imei}.pdf${sandboxForced ? "" : `?${UNFORCED_REPORT_QUERY}`}`;
}

/** The query of a report URL whose sandbox IMEIs were not forced. */
export const UNFORCED_REPORT_QUERY = "sandbox=off";

export function purchaseUrl(ctx: EmulatorContext, imei: string): string {
  return `${ctx.config.publicUrl}/reports/imei/${imei}/buy`;
}

type Oper = { txt: string; status: 0 | 1 | 2 };
type ListEntry = { name: string; opers: Oper[] };
type HistoryItem = { imei: string; action: string; date: string; by: string; country: string };
type DeviceData = Record<
  "imei" | "tac" | "brandname" | "marketingname" | "modelname" | "devicetype" | "img" | "lang",
  string
>;

export type FullResult = {
  blackliststatus: boolean;
  imeihistory: HistoryItem[];
  lists: { black: ListEntry[]; white: ListEntry[] };
  url_report: string;
};

export type ImeiCheckResult = {
  data: DeviceData;
  error: Array<{ code: string; txt: string }>;
  /** Empty when payment is required or the check failed. */
  result: FullResult | Record<string, never>;
  type_pay: { type: "F" | "P"; desc: string };
  extra_info: Array<{ type: "button"; txt: string; url: string }>;
};

export function isFullResult(result: ImeiCheckResult["result"]): result is FullResult {
  return "blackliststatus" in result;
}

function deviceData(ctx: EmulatorContext, catalog: UnlockCatalog, imei: string, recognised: boolean): DeviceData {
  const tac = imei.slice(0, 8);
  if (!recognised)
    return { imei, tac, brandname: "", marketingname: "", modelname: "", devicetype: "", img: "", lang: "en" };
  const rand = seededRandom(catalog.seed, `tac:${tac}`);
  const device = pick(rand, [...catalog.devices.values()]);
  const modelname = `${device.brand.slice(0, 1).toUpperCase()}${intBetween(rand, 1000, 2999)}`;
  return {
    imei,
    tac,
    brandname: device.brand,
    marketingname: device.name,
    modelname,
    devicetype: device.type,
    img: deviceImageUrl(ctx, device.id),
    lang: "en",
  };
}

function lists(catalog: UnlockCatalog, rand: () => number, blacklisted: boolean) {
  const countries = LIST_COUNTRIES.map((iso) => [...catalog.countries.values()].find((c) => c.iso2 === iso)).filter(
    (c) => c !== undefined,
  );
  // A reported device is blocked in its home country (the first) and one or two more.
  const blockedIds = new Set(
    blacklisted
      ? [
          countries[0]!.id,
          ...countries
            .slice(1)
            .filter(() => rand() < 0.2)
            .slice(0, 2)
            .map((c) => c.id),
        ]
      : [],
  );
  const entry = (country: (typeof countries)[number], status: () => Oper["status"]): ListEntry => ({
    name: country.name,
    opers: catalog
      .networksOf(country.id)
      .slice(0, 4)
      .map((n) => ({ txt: n.name, status: status() })),
  });
  const byNameDescending = (a: ListEntry, b: ListEntry) => b.name.localeCompare(a.name);
  return {
    black: countries
      .filter((c) => blockedIds.has(c.id))
      .map((c) => entry(c, () => 0))
      .sort(byNameDescending),
    white: countries
      .filter((c) => !blockedIds.has(c.id))
      .map((c) => entry(c, () => (rand() < 0.8 ? 1 : 2)))
      .sort(byNameDescending),
  };
}

function history(ctx: EmulatorContext, rand: () => number, imei: string, black: ListEntry[]): HistoryItem[] {
  // The blacklisted sandbox IMEI has more events than the cap, to show the cap of 10.
  const count = imei === SANDBOX_IMEICHECK_IMEIS.blacklisted ? 12 : intBetween(rand, 1, 14);
  let at = ctx.clock.now();
  const events = Array.from({ length: count }, () => {
    at -= intBetween(rand, 1, 60) * 86_400_000;
    const where = pick(rand, black);
    return {
      imei,
      action: pick(rand, HISTORY_ACTIONS),
      date: new Date(at).toISOString().slice(0, 10),
      by: where.opers[0]?.txt ?? "",
      country: where.name,
    };
  });
  return events.slice(0, MAX_HISTORY);
}

/**
 * The check's answer. `buyFullReport` is the request's `type_pay=P` (the account accepts the
 * paid report's price): a paid device then answers with its full report, still typed `P`.
 * `sandboxForced`: ../dialect.ts sandboxImeisForced for the calling account.
 */
export function imeiCheckResult(
  ctx: EmulatorContext,
  catalog: UnlockCatalog,
  imei: string,
  { buyFullReport = false, sandboxForced = true } = {},
): ImeiCheckResult {
  const scenario = imeiCheckScenario(imei, sandboxForced);
  const rand = seededRandom(catalog.seed, `imeicheck:${imei}`);

  if (scenario === "error") {
    return {
      data: deviceData(ctx, catalog, imei, false),
      error: [
        {
          code: "IMEI_NOT_RECOGNISED",
          txt: "This IMEI could not be recognised. Check the number on the device (dial *#06#) and try again.",
        },
      ],
      result: {},
      type_pay: { type: "F", desc: "No charge: the check could not be completed" },
      extra_info: [],
    };
  }
  if (scenario === "paid" && !buyFullReport) {
    return {
      data: deviceData(ctx, catalog, imei, false),
      error: [],
      result: {},
      type_pay: { type: "P", desc: "Only device data is shown; the full blacklist report is available for payment" },
      extra_info: [{ type: "button", txt: "Buy the full report", url: purchaseUrl(ctx, imei) }],
    };
  }

  const blacklisted = scenario === "blacklisted";
  const { black, white } = lists(catalog, rand, blacklisted);
  return {
    data: deviceData(ctx, catalog, imei, true),
    error: [],
    result: {
      blackliststatus: blacklisted,
      imeihistory: blacklisted ? history(ctx, rand, imei, black) : [],
      lists: { black, white },
      url_report: reportUrl(ctx, imei, sandboxForced),
    },
    type_pay:
      scenario === "paid"
        ? { type: "P", desc: "Full report bought: all data is shown" }
        : { type: "F", desc: "Free report: all data is shown" },
    extra_info: [{ type: "button", txt: "Download the PDF report", url: reportUrl(ctx, imei, sandboxForced) }],
  };
}

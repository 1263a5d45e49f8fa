// zod schemas for every reply of the unlocking API (spec section 2), and their normalised,
// typed shapes for the rest of the shop. They require the fields the spec names and let
// unknown fields through. Tolerated on purpose (live service / PHP habits, upstream-notes):
// ids as numbers or numeric strings, an empty map sent as `[]`, a list where a map was
// expected, flags as "true"/"false"/"1"/"0"/booleans, null instead of "" for text.
import { z } from "zod";
import { SUFFIX_FLAGS, type SuffixFlag } from "@/lib/validation/imei";
import { decimalToMinor } from "@/lib/money";

// ---------------------------------------------------------------- building blocks

/** An integer id: 826 or "826". */
const id = z.union([
  z.number().int().nonnegative(),
  z.string().trim().regex(/^\d+$/, "expected a numeric id").transform(Number),
]);

/** Text the spec names: required, but null reads as "" and numbers as their text. */
const text = z.union([z.string(), z.number(), z.null()]).transform((v) => (v === null ? "" : String(v)));

const numberLike = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, "expected a number")
    .transform(Number),
]);

/** "true"/"false" (spec), "1"/"0" (the update reply's ok_sent), booleans, 1/0. */
const flag = z.union([z.boolean(), z.number(), z.string()]).transform((v, ctx) => {
  const word = String(v).trim().toLowerCase();
  if (word === "true" || word === "1") return true;
  if (word === "false" || word === "0" || word === "") return false;
  ctx.addIssue({ code: "custom", message: `expected "true" or "false", got ${JSON.stringify(v)}` });
  return z.NEVER;
});

/** PHP sends an empty map as [] (and a map with keys 0..n-1 as a list): read both as a map. */
function asMap(value: unknown): unknown {
  return Array.isArray(value) ? Object.fromEntries(value.map((item, index) => [String(index), item])) : value;
}

/** A map keyed by numeric id, as section 2 shows them. */
function idMap<T extends z.ZodType>(value: T) {
  return z.preprocess(asMap, z.record(z.string(), value)).transform((map, ctx) => {
    const entries: Array<[number, z.output<T>]> = [];
    for (const [key, item] of Object.entries(map)) {
      if (!/^\d+$/.test(key)) {
        ctx.addIssue({ code: "custom", message: `expected a numeric id as key, got "${key}"` });
        return z.NEVER;
      }
      entries.push([Number(key), item as z.output<T>]);
    }
    return entries;
  });
}

/** A list, or (PHP) an object of items, or nothing. */
function list<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (v) =>
      v === null || v === undefined ? [] : v && typeof v === "object" && !Array.isArray(v) ? Object.values(v) : v,
    z.array(item),
  );
}

const byName = <T extends { id: number; name: string }>(a: T, b: T) =>
  a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.id - b.id;

/** Lists stay arrays (they go into the JSON catalog cache); this makes the id lookup. */
export function indexById<T extends { id: number }>(items: readonly T[]): Map<number, T> {
  return new Map(items.map((item) => [item.id, item]));
}

// ---------------------------------------------------------------- envelope

/** Every reply: `{code, status, info, res}`; `code` is omitted in cancel and instructions replies. */
export const envelopeSchema = z.looseObject({
  code: z.union([z.number(), z.string()]).optional(),
  status: z.string(),
  info: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => v ?? ""),
  res: z.unknown(),
});
export type UnlockEnvelope = z.output<typeof envelopeSchema>;

// ---------------------------------------------------------------- catalogs

export type UnlockCountry = { id: number; name: string };
export type UnlockNetwork = { id: number; countryId: number; name: string };
export type UnlockBrand = { id: number; name: string; desc: string };
/** `desc` may contain HTML: render it only through a sanitiser. `img` is an upstream URL. */
export type UnlockDevice = { id: number; brandId: number; name: string; img: string; desc: string };

/** GET /countries: id → name. */
export const countriesSchema = idMap(text).transform((entries): UnlockCountry[] =>
  entries.map(([id, name]) => ({ id, name })).sort(byName),
);

/** GET /networks and /networks/{country}: country id → (network id → name). Sorted by name. */
export const networksSchema = idMap(idMap(text)).transform((countries): UnlockNetwork[] =>
  countries.flatMap(([countryId, networks]) => networks.map(([id, name]) => ({ id, countryId, name }))).sort(byName),
);

/** The live service may list a placeholder brand "0"; it has no devices and is dropped. */
export const PLACEHOLDER_BRAND_ID = 0;

/** GET /brands: id → {brand, desc}. */
export const brandsSchema = idMap(
  z.looseObject({ brand: text, desc: text.optional().transform((v) => v ?? "") }),
).transform((entries): UnlockBrand[] =>
  entries
    .filter(([id]) => id !== PLACEHOLDER_BRAND_ID)
    .map(([id, b]) => ({ id, name: b.brand, desc: b.desc }))
    .sort(byName),
);

const deviceSchema = z.looseObject({ name: text, img: text, desc: text });
const isDeviceObject = (v: unknown) => !!v && typeof v === "object" && "name" in v;

/**
 * GET /devices/{brand} and /devices/{brand}/{device}: brand id → (device id → {name, img, desc}).
 * A reply keyed directly by device id (no brand level) is read too, as devices of `brandId`.
 */
export function devicesSchema(brandId: number) {
  return z
    .preprocess(
      (res) => {
        const map = asMap(res);
        if (map && typeof map === "object" && Object.values(map).some(isDeviceObject)) return { [brandId]: map };
        return map;
      },
      idMap(idMap(deviceSchema)),
    )
    .transform((brands): UnlockDevice[] =>
      brands
        .flatMap(([brand, devices]) =>
          devices.map(([id, d]) => ({ id, brandId: brand, name: d.name, img: d.img, desc: d.desc })),
        )
        .sort(byName),
    );
}

// ---------------------------------------------------------------- tools

export const GUARANTEED_TIME_TYPES = ["instant", "minutes", "hours", "days", "weeks"] as const;
export type GuaranteedTimeType = (typeof GUARANTEED_TIME_TYPES)[number];

/** A tool (unlocking service) with every field of the spec's Tool table, normalised. */
export type UnlockTool = {
  /** `id_tool`: the service id used when ordering. */
  id: number;
  name: string;
  desc: string;
  serviceName: string;
  serviceDesc: string;
  /** Unknown units are kept as sent; the polling schedule treats them like "hours". */
  guaranteedTime: { min: number; max: number; type: GuaranteedTimeType | (string & {}) };
  /** Average of the last 20 successful deliveries, as the upstream words it. */
  averageTime: string;
  /** Which suffixes the order's IMEI value needs (spec flags sn, prd, pin, mep, sro). */
  needs: Record<SuffixFlag, boolean>;
  /** 0 to 1. */
  successRatio: number;
  /** Usually "imei", "file" or "usb". */
  toolType: string;
  custom: Record<string, unknown>;
  /** `price` in credits × 100 (exact: 24.90 credits → 2490). */
  priceMinor: number;
};

const priceMinor = z.union([z.number(), z.string()]).transform((v, ctx) => {
  try {
    return decimalToMinor(v);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: (error as Error).message });
    return z.NEVER;
  }
});

// Spec: a decimal from 0 to 1. A percentage (e.g. 96) is read as 0.96 rather than refused.
const ratio = numberLike.transform((v) => (v > 1 && v <= 100 ? v / 100 : v)).pipe(z.number().min(0).max(1));

const toolSchema = z
  .looseObject({
    name: text,
    desc: text,
    service_name: text,
    service_desc: text,
    guaranteed_time: z.looseObject({
      min: numberLike,
      max: numberLike,
      type: z.string().transform((t) => t.trim().toLowerCase()),
    }),
    average_time: text,
    sn: flag,
    prd: flag,
    pin: flag,
    mep: flag,
    sro: flag,
    id_tool: id,
    success_ratio: ratio,
    tool_type: text,
    custom: z.preprocess((v) => (v === null ? {} : asMap(v)), z.record(z.string(), z.unknown())),
    price: priceMinor,
  })
  .transform((t): UnlockTool => ({
    id: t.id_tool,
    name: t.name,
    desc: t.desc,
    serviceName: t.service_name,
    serviceDesc: t.service_desc,
    guaranteedTime: { min: t.guaranteed_time.min, max: t.guaranteed_time.max, type: t.guaranteed_time.type },
    averageTime: t.average_time,
    needs: { sn: t.sn, prd: t.prd, pin: t.pin, mep: t.mep, sro: t.sro },
    successRatio: t.success_ratio,
    toolType: t.tool_type,
    custom: t.custom,
    priceMinor: t.price,
  }));

/** GET /tools/{device}/{network}: `res.tools`, in the upstream's order (an empty map `[]` = none). */
export const toolsSchema = z
  .preprocess(
    (res) => (Array.isArray(res) && res.length === 0 ? { tools: [] } : res),
    z.looseObject({ tools: list(toolSchema) }),
  )
  .transform((res) => res.tools);

/** The suffixes a tool needs, in the order they follow the IMEI. */
export function requiredSuffixes(tool: Pick<UnlockTool, "needs">): SuffixFlag[] {
  return SUFFIX_FLAGS.filter((f) => tool.needs[f]);
}

// ---------------------------------------------------------------- orders

export const ORDER_STATUSES = ["open", "pending", "available", "canceled", "notavailable", "error"] as const;
export type KnownOrderStatus = (typeof ORDER_STATUSES)[number];
/** A section 3 status, or an unknown value kept as sent (the order core logs and treats it as unfinished). */
export type UnlockOrderStatus = KnownOrderStatus | (string & {});

export function isKnownOrderStatus(status: string): status is KnownOrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(status);
}

const orderStatus = z.string().transform((s): UnlockOrderStatus => {
  const known = s.trim().toLowerCase();
  return isKnownOrderStatus(known) ? known : s;
});

/** "YYYY-MM-DD HH:MM:SS" (UTC) → ISO 8601, or null when the upstream sent something else. */
export function apiDateTimeToIso(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  return Number.isNaN(ms) || Number(m[1]) === 0 ? null : new Date(ms).toISOString();
}

export type UnlockOrder = {
  ticketId: number;
  deviceId: number;
  networkId: number;
  /** The bare IMEI as the upstream stores it. Personal: never log it unmasked. */
  imei: string;
  /** `creation_datetime` as sent, and as ISO 8601 UTC (null if unreadable). */
  creationDatetime: string;
  createdAt: string | null;
  status: UnlockOrderStatus;
  /** `ok_sent`: instructions are available. */
  instructionsReady: boolean;
};

const orderObject = z.looseObject({
  id_device: id,
  id_network: id,
  imei: text,
  creation_datetime: text,
  status: orderStatus,
  ok_sent: flag,
});

/**
 * Replies keyed by ticket id (order, update, cancel, instructions): the entry for `ticketId`,
 * or the only entry when the upstream keyed it differently.
 */
function ticketEntry<T extends z.ZodType>(ticketId: number, value: T) {
  return idMap(z.unknown()).transform((entries, ctx): { ticketId: number; entry: z.output<T> } => {
    const found = entries.find(([key]) => key === ticketId) ?? (entries.length === 1 ? entries[0] : undefined);
    if (!found) {
      ctx.addIssue({ code: "custom", message: `no entry for ticket ${ticketId}` });
      return z.NEVER;
    }
    const parsed = value.safeParse(found[1]);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message, path: [String(found[0]), ...issue.path.map(String)] });
      return z.NEVER;
    }
    return { ticketId: found[0], entry: parsed.data };
  });
}

/** GET /check_order_status/{ticket} and POST /update_order/{ticket}: `{ticket_id: order}`. */
export function orderSchema(ticketId: number) {
  return ticketEntry(ticketId, orderObject).transform(({ ticketId: ticket, entry: o }): UnlockOrder => ({
    ticketId: ticket,
    deviceId: o.id_device,
    networkId: o.id_network,
    imei: o.imei,
    creationDatetime: o.creation_datetime,
    createdAt: apiDateTimeToIso(o.creation_datetime),
    status: o.status,
    instructionsReady: o.ok_sent,
  }));
}

/** DELETE /cancel_order/{ticket}: `{ticket_id: {status}}`. */
export function cancelSchema(ticketId: number) {
  return ticketEntry(ticketId, z.looseObject({ status: orderStatus })).transform(({ ticketId: ticket, entry }) => ({
    ticketId: ticket,
    status: entry.status,
  }));
}
export type UnlockCancelResult = { ticketId: number; status: UnlockOrderStatus };

/** GET /retrieve_order_instructions/{ticket}: `{ticket_id: {howto}}`, multi-line text (line ends made "\n"). */
export function instructionsSchema(ticketId: number) {
  return ticketEntry(ticketId, z.looseObject({ howto: text })).transform(({ ticketId: ticket, entry }) => ({
    ticketId: ticket,
    howto: entry.howto.replace(/\r\n?/g, "\n"),
  }));
}
export type UnlockInstructions = { ticketId: number; howto: string };

/** POST /create_order/…: `{id_ticket}`. */
export const createOrderSchema = z.looseObject({ id_ticket: id }).transform((res) => ({ ticketId: res.id_ticket }));

// ---------------------------------------------------------------- IMEI check

/** `opers[].status`: 0 cannot be used (black list), 1 usable, 2 unconfirmed but should be usable. */
export type NetworkUsability = 0 | 1 | 2 | (number & {});

export type ImeiCheckListEntry = { country: string; networks: Array<{ name: string; status: NetworkUsability }> };

export type ImeiCheckReport = {
  /** `blackliststatus`: true when the device is reported. */
  blacklisted: boolean;
  /** At most 10 entries (extra entries are dropped). */
  history: Array<{ imei: string; action: string; date: string; by: string; country: string }>;
  /** Ordered by country descending, as sent. */
  blackList: ImeiCheckListEntry[];
  whiteList: ImeiCheckListEntry[];
  reportUrl: string;
};

export type ImeiCheckResult = {
  device: {
    imei: string;
    tac: string;
    brandName: string;
    marketingName: string;
    modelName: string;
    deviceType: string;
    img: string;
    lang: string;
  };
  /** Recognition failures (`res.error`), shown to the buyer; the check itself did not fail. */
  errors: Array<{ code: string; txt: string }>;
  /** null when payment is required (type P) or the IMEI was not recognised. */
  report: ImeiCheckReport | null;
  /** `type_pay`: F free (all data shown) or P paid (only device data; full report offered). */
  payment: { type: "F" | "P" | (string & {}); desc: string };
  /** `extra_info`: `button` items render a button opening `url`. */
  extraInfo: Array<{ type: string; txt: string; url: string }>;
};

const listEntry = z
  .looseObject({ name: text, opers: list(z.looseObject({ txt: text, status: numberLike })) })
  .transform((e): ImeiCheckListEntry => ({
    country: e.name,
    networks: e.opers.map((o) => ({ name: o.txt, status: o.status })),
  }));

const fullResult = z.looseObject({
  blackliststatus: flag,
  imeihistory: list(z.looseObject({ imei: text, action: text, date: text, by: text, country: text })),
  lists: z.looseObject({ black: list(listEntry), white: list(listEntry) }),
  url_report: text,
});

const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === "object" && Object.keys(v).length === 0);

/** POST /imeicheck/{imei}[/{hash}]. */
export const imeiCheckSchema = z
  .looseObject({
    data: z.looseObject({
      imei: text,
      tac: text,
      brandname: text,
      marketingname: text,
      modelname: text,
      devicetype: text,
      img: text,
      lang: text,
    }),
    error: list(z.looseObject({ code: text, txt: text })),
    result: z.union([
      z
        .unknown()
        .refine(isEmpty)
        .transform(() => null),
      fullResult,
    ]),
    type_pay: z.looseObject({ type: z.string().transform((t) => t.trim().toUpperCase()), desc: text }),
    extra_info: list(z.looseObject({ type: text, txt: text, url: text })),
  })
  .transform((r): ImeiCheckResult => ({
    device: {
      imei: r.data.imei,
      tac: r.data.tac,
      brandName: r.data.brandname,
      marketingName: r.data.marketingname,
      modelName: r.data.modelname,
      deviceType: r.data.devicetype,
      img: r.data.img,
      lang: r.data.lang,
    },
    errors: r.error,
    report: r.result && {
      blacklisted: r.result.blackliststatus,
      history: r.result.imeihistory.slice(0, 10),
      blackList: r.result.lists.black,
      whiteList: r.result.lists.white,
      reportUrl: r.result.url_report,
    },
    payment: { type: r.type_pay.type, desc: r.type_pay.desc },
    extraInfo: r.extra_info,
  }));

import { intBetween, seededRandom } from "../../core/random";
import { SUFFIX_FORMATS, TOOL_FLAGS, type ToolFlag } from "../imei";
import { formatDuration } from "./durations";
import {
  TIME_UNIT_MS,
  TOOL_TEMPLATES,
  templateById,
  type TimeType,
  type ToolTemplate,
  type ToolType,
} from "./tool-templates";

/** A tool as the API shows it (spec section 2, Tool table). */
export type Tool = {
  name: string;
  desc: string;
  service_name: string;
  service_desc: string;
  guaranteed_time: { min: number; max: number; type: TimeType };
  average_time: string;
  sn: "true" | "false";
  prd: "true" | "false";
  pin: "true" | "false";
  mep: "true" | "false";
  sro: "true" | "false";
  id_tool: number;
  success_ratio: number;
  tool_type: ToolType;
  custom: Record<string, string>;
  price: number;
};

export type ToolContext = { brand: string; device: string; network: string; country: string };

type ToolNumbers = { min: number; max: number; price: number; successRatio: number; averageMs: number };

/** A tool's required flags, in suffix order. */
export function toolFlags(tool: Tool): ToolFlag[] {
  return TOOL_FLAGS.filter((f) => tool[f] === "true");
}

/** When an order for the tool becomes ready: midpoint of the guaranteed time; "instant" means 10 seconds. */
export function toolReadyMs(tool: Tool): number {
  const { min, max, type } = tool.guaranteed_time;
  if (type === "instant") return 10_000;
  return Math.round(((min + max) / 2) * TIME_UNIT_MS[type]);
}

function buildTool(template: ToolTemplate, where: ToolContext, n: ToolNumbers): Tool {
  const flag = (f: ToolFlag) => (template.flags.includes(f) ? "true" : "false");
  const needs = template.flags.map((f) => `${SUFFIX_FORMATS[f].label} (${SUFFIX_FORMATS[f].shape})`);
  return {
    name: `${where.brand} ${where.device} – ${where.network} ${where.country} – ${template.serviceName}`,
    desc:
      `${template.serviceName} for the ${where.brand} ${where.device} locked to ${where.network} (${where.country}).` +
      (needs.length ? ` Needs, after the IMEI: ${needs.join(", then ")}.` : " Needs only the IMEI."),
    service_name: template.serviceName,
    service_desc: template.serviceDesc,
    guaranteed_time: { min: n.min, max: n.max, type: template.timeType },
    average_time: formatDuration(n.averageMs),
    sn: flag("sn"),
    prd: flag("prd"),
    pin: flag("pin"),
    mep: flag("mep"),
    sro: flag("sro"),
    id_tool: template.id,
    success_ratio: n.successRatio,
    tool_type: template.toolType,
    custom: { ...template.custom },
    price: n.price,
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Seeded tools for an ordinary device + network pair: none (about 8 %) to four services. */
export function generatedTools(seed: number, deviceId: number, networkId: number, where: ToolContext): Tool[] {
  const rand = seededRandom(seed, `tools:${deviceId}:${networkId}`);
  if (rand() < 0.08) return [];
  const pool = [...TOOL_TEMPLATES];
  const count = intBetween(rand, 1, 4);
  const chosen: ToolTemplate[] = [];
  for (let i = 0; i < count; i++) chosen.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);

  return chosen
    .sort((a, b) => a.id - b.id)
    .map((template) => {
      const instant = template.timeType === "instant";
      const min = instant ? 0 : intBetween(rand, template.min[0], template.min[1]);
      const max = instant ? 0 : min + intBetween(rand, template.spread[0], template.spread[1]);
      const unit = TIME_UNIT_MS[template.timeType];
      const averageMs = instant ? intBetween(rand, 5, 90) * 1000 : (min + rand() * (max - min)) * unit;
      const price = round2(template.price[0] + rand() * (template.price[1] - template.price[0]));
      const successRatio = round2(0.7 + rand() * 0.29);
      return buildTool(template, where, { min, max, price, successRatio, averageMs });
    });
}

/**
 * The well-known pair (README): Apple iPhone 13 on EE, United Kingdom. Its tools do not depend
 * on the seed and cover every flag (sn, prd, pin, mep, sro, and all five at once in tool 12)
 * and every guaranteed_time type, so tests and the storefront can rely on them.
 */
export const WELL_KNOWN_PAIR = { brandId: 1, deviceId: 1015, countryId: 826, networkId: 234030 } as const;

const WELL_KNOWN_TOOLS: Array<{ id: number } & ToolNumbers> = [
  { id: 1, min: 1, max: 3, price: 24.9, successRatio: 0.96, averageMs: 1.5 * 86_400_000 },
  { id: 3, min: 0, max: 0, price: 4.5, successRatio: 0.88, averageMs: 40_000 },
  { id: 4, min: 1, max: 3, price: 29.9, successRatio: 0.93, averageMs: 2 * 86_400_000 },
  { id: 5, min: 2, max: 6, price: 14.9, successRatio: 0.91, averageMs: 3.5 * 3_600_000 },
  { id: 6, min: 10, max: 45, price: 9.9, successRatio: 0.94, averageMs: 22 * 60_000 },
  { id: 7, min: 1, max: 2, price: 19.9, successRatio: 0.9, averageMs: 1.25 * 86_400_000 },
  { id: 8, min: 1, max: 2, price: 59, successRatio: 0.85, averageMs: 9 * 86_400_000 },
  { id: 12, min: 2, max: 5, price: 49.9, successRatio: 0.8, averageMs: 3 * 86_400_000 },
];

export function wellKnownTools(where: ToolContext): Tool[] {
  return WELL_KNOWN_TOOLS.map(({ id, ...numbers }) => buildTool(templateById(id)!, where, numbers));
}

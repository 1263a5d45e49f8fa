import "server-only";
import type { CheckoutFailure, PriceSale } from "@/lib/checkout/checkout";
import { imeiProblem, normaliseImei, suffixProblem, type SuffixFlag, type Suffixes } from "@/lib/validation/imei";
import { loadSelection } from "./catalog";
import type { ShopCurrency } from "@/lib/i18n/currency-routing.mjs";
import type { ImeiRuleWords } from "./imei-words";
import { unlockOrderDetail } from "./detail";
import { guaranteedTimeText, successPercent } from "./text";
import type { ToolView, UnlockSelection } from "./types";

// The unlock's checkout step (lib/checkout/checkout.ts), the same for the storefront and the point
// of sale: the ids must name a device, network and service the cached catalog offers together,
// the IMEI and exactly the suffixes that service needs must be valid, and the price is the
// shop's own (unlockToolPrice, through the catalog). There is no upstream preview: the unlocking
// API is always paid from the shop's credits.

export type UnlockSaleChoice = {
  brand: number;
  device: number;
  country: number;
  network: number;
  tool: number;
  imei: string;
  suffixes: Partial<Record<SuffixFlag, string>>;
};

/**
 * How the channel words "that service is not offered (any more) for this device and network",
 * and the IMEI and suffix rules (the storefront in the buyer's language; the rules' English when
 * not given).
 */
export type UnlockSaleMessages = { serviceGone: string } & Partial<ImeiRuleWords>;

export const SERVICE_GONE =
  "That unlock service is no longer offered for this device and network. Please choose again.";

export type CheckedUnlock = {
  ok: true;
  selection: UnlockSelection;
  tool: ToolView;
  imei: string;
  /** Exactly the suffixes the service needs, trimmed. */
  suffixes: Suffixes;
  /** Every problem of the IMEI and the suffixes, by field (imei, a suffix flag), in form order. */
  problems: Record<string, string>;
};

/** The choice against the live catalog; a form shows every problem at once, the sale step the first. */
export async function checkUnlockChoice(
  choice: UnlockSaleChoice,
  messages: UnlockSaleMessages = { serviceGone: SERVICE_GONE },
  currency?: ShopCurrency,
): Promise<CheckedUnlock | CheckoutFailure> {
  const selection = await loadSelection(
    {
      brand: String(choice.brand),
      device: String(choice.device),
      country: String(choice.country),
      network: String(choice.network),
    },
    currency,
  );
  if (!selection.ok) return { ok: false, error: selection.error };
  const tool = selection.value?.tools.find((t) => t.id === choice.tool);
  if (!selection.value || !tool) return { ok: false, error: messages.serviceGone, field: "tool" };

  const problems: Record<string, string> = {};
  const imei = normaliseImei(choice.imei);
  const badImei = (messages.imeiProblem ?? imeiProblem)(imei);
  if (badImei) problems.imei = badImei;
  const suffixes: Suffixes = {};
  for (const flag of tool.needs) {
    const value = (choice.suffixes[flag] ?? "").trim();
    const problem = (messages.suffixProblem ?? suffixProblem)(flag, value);
    if (problem) problems[flag] = problem;
    else suffixes[flag] = value;
  }
  return { ok: true, selection: selection.value, tool, imei, suffixes, problems };
}

/** The unlock's `PriceSale`: the choice checked and priced, with what staff see before placing. */
export function unlockSale(choice: UnlockSaleChoice, messages?: UnlockSaleMessages): PriceSale {
  return async (context) => {
    const checked = await checkUnlockChoice(choice, messages, context.currency);
    if (!checked.ok) return checked;
    const [problem] = Object.entries(checked.problems);
    if (problem) return { ok: false, error: problem[1], field: problem[0] };

    const { selection, tool, imei, suffixes } = checked;
    const { device, country, network } = selection;
    const toolName = tool.serviceName || tool.name;
    return {
      ok: true,
      productType: "unlock",
      label: `${toolName}: ${device.brandName} ${device.name} on ${network.name} (${country.name})`,
      facts: [
        { label: "Service", value: toolName },
        { label: "Guaranteed time", value: guaranteedTimeText(tool.guaranteedTime) },
        { label: "Success rate", value: successPercent(tool.successRatio) },
        { label: "IMEI", value: imei },
      ],
      pricing: tool.price,
      detail: unlockOrderDetail(selection, tool, imei, suffixes),
      upstreamMode: "credits",
      sufficientCredits: null,
    };
  };
}

import "server-only";
import { loadSelection } from "@/lib/products/unlock/catalog";
import { unlockOrderDetail } from "@/lib/products/unlock/detail";
import { guaranteedTimeText, successPercent } from "@/lib/products/unlock/text";
import { db } from "@/lib/db";
import { imeiCheckPrice } from "@/lib/products/imeicheck/price";
import { imeiProblem, normaliseImei, suffixProblem, type Suffixes } from "@/lib/validation/imei";
import type { ResolvedSale } from "./resolve";
import type { SaleRequest } from "./sale-request";

// The unlocking API's products at the counter, checked the way the storefront's pay actions
// check them (app/(shop)/unlock/actions.ts, app/(shop)/imei-check/actions.ts): the ids must
// name a device, network and service the cached catalog offers together, the IMEI and exactly
// the suffixes that service needs must be valid, and the price is the storefront's
// (unlockToolPrice through the catalog loader, imeiCheckPrice). There is no upstream preview
// for these products: the preview is this price with its breakdown, the service and its
// guaranteed time.

const START_AGAIN = "That unlock service is no longer offered for this device and network. Please choose again.";

export async function resolveUnlock(request: Extract<SaleRequest, { product: "unlock" }>): Promise<ResolvedSale> {
  const selection = await loadSelection({ brand: String(request.brand), device: String(request.device), country: String(request.country), network: String(request.network) });
  if (!selection.ok) return { ok: false, error: selection.error };
  const tool = selection.value?.tools.find((t) => t.id === request.tool);
  if (!selection.value || !tool) return { ok: false, error: START_AGAIN, field: "tool" };

  const imei = normaliseImei(request.imei);
  const badImei = imeiProblem(imei);
  if (badImei) return { ok: false, error: badImei, field: "imei" };
  const suffixes: Suffixes = {};
  for (const flag of tool.needs) {
    const value = (request.suffixes[flag] ?? "").trim();
    const problem = suffixProblem(flag, value);
    if (problem) return { ok: false, error: problem, field: flag };
    suffixes[flag] = value;
  }

  const { device, country, network } = selection.value;
  const toolName = tool.serviceName || tool.name;
  return {
    ok: true,
    label: `${toolName}: ${device.brandName} ${device.name} on ${network.name} (${country.name})`,
    pricing: tool.price,
    facts: [
      { label: "Service", value: toolName },
      { label: "Guaranteed time", value: guaranteedTimeText(tool.guaranteedTime) },
      { label: "Success rate", value: successPercent(tool.successRatio) },
      { label: "IMEI", value: imei },
    ],
    detail: unlockOrderDetail(selection.value, tool, imei, suffixes),
  };
}

export async function resolveImeiCheck(request: Extract<SaleRequest, { product: "imeicheck" }>): Promise<ResolvedSale> {
  const imei = normaliseImei(request.imei);
  const problem = imeiProblem(imei);
  if (problem) return { ok: false, error: problem, field: "imei" };
  return {
    ok: true,
    label: `IMEI report for ${imei}`,
    pricing: await imeiCheckPrice(db),
    facts: [{ label: "IMEI", value: imei }],
    detail: { imei },
  };
}

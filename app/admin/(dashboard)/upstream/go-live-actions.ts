"use server";

import { revalidatePath } from "next/cache";
import { expectActionInput } from "@/lib/http/action-input";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { isProductType } from "@/lib/products/product-switch";
import { setProductSwitch } from "@/lib/products/switch-product";
import { goLiveCheckByStaff } from "@/lib/upstream/check/staff";
import { PRODUCT_NAMES } from "@/lib/upstream/check/product-names";
import type { GoLiveReport } from "@/lib/upstream/check/run";

// The go-live check and the product switches of Admin → Upstream connection. Admin only, like
// the page: each action checks the role itself (the page's check does not protect an action).
const PAGE = "/admin/upstream";

export async function goLiveCheckAction(): Promise<GoLiveReport> {
  const user = await requireStaff("admin", PAGE);
  return goLiveCheckByStaff(user);
}

export type SwitchResult = { ok: true; message: string } | { ok: false; message: string };

export async function switchProductAction(product: unknown, on: unknown): Promise<SwitchResult> {
  const user = await requireStaff("admin", PAGE);
  expectActionInput(isProductType(product) && typeof on === "boolean");
  const { changed } = await setProductSwitch(db, user, product, on);
  revalidatePath(PAGE);
  const name = PRODUCT_NAMES[product];
  if (!changed) return { ok: true, message: `${name} ${on ? "were already on sale" : "were already switched off"}.` };
  return {
    ok: true,
    message: on
      ? `${name} are on sale again.`
      : `${name} are switched off: buyers see them as temporarily unavailable.`,
  };
}

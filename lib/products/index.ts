import type { ProductType } from "@/lib/db/generated/sqlite/enums";

/** The five products as the shop presents them: one place for names, paths and blurbs. */
export const PRODUCTS: ReadonlyArray<{
  type: ProductType;
  name: string;
  href: string;
  tagline: string;
  description: string;
}> = [
  {
    type: "topup",
    name: "Mobile top-up",
    href: "/topup",
    tagline: "Airtime, data and bundles",
    description: "Recharge any prepaid number worldwide in seconds. We detect the operator from the number.",
  },
  {
    type: "esim",
    name: "Travel eSIM",
    href: "/esim",
    tagline: "Data plans for your next trip",
    description: "Buy before you fly, scan a QR code, and be online the moment you land. Country and regional plans.",
  },
  {
    type: "giftcard",
    name: "Gift cards",
    href: "/giftcards",
    tagline: "Digital codes, delivered instantly",
    description: "Gaming, streaming and shopping brands by country. The code appears on your order page.",
  },
  {
    type: "unlock",
    name: "Device unlock",
    href: "/unlock",
    tagline: "Use your phone on any network",
    description: "Official unlock codes for your phone and its network, each with a guaranteed delivery time.",
  },
  {
    type: "imeicheck",
    name: "IMEI check",
    href: "/imei-check",
    tagline: "Blacklist status and history",
    description: "Check whether a phone is reported lost or stolen before you buy it, and which networks accept it.",
  },
];

export const SHOP_NAME = "Relay";

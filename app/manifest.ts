import type { MetadataRoute } from "next";
import { SHOP_NAME } from "@/lib/products";

// The web app manifest (/manifest.webmanifest): name, colours and the icons drawn by
// scripts/make-icons.mts, so "Add to Home Screen" shows the shop's mark.
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: `${SHOP_NAME}: top-ups, travel eSIMs, gift cards and unlocks`,
    short_name: SHOP_NAME,
    description:
      "Mobile top-ups, travel eSIM plans, gift cards, device unlock codes and IMEI checks, delivered online.",
    start_url: "/",
    display: "standalone",
    background_color: "#f7f8fa",
    theme_color: "#4338ca",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

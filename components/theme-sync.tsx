"use client";

import { useLayoutEffect } from "react";
import { applyStoredTheme } from "@/lib/ui/theme";

/**
 * The theme script again, for pages the browser draws itself: Next.js answers `notFound()` with an
 * empty HTML shell and the client renders the page (vercel/next.js#62228), so the inline script in
 * <head> (components/theme-script.tsx) never runs there. Before the first paint of such a page this
 * applies the same choice; on server-rendered pages it changes nothing.
 */
export function ThemeSync() {
  useLayoutEffect(applyStoredTheme, []);
  return null;
}

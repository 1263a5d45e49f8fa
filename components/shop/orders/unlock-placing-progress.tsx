"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";

/** How long the supplier may take to accept an unlock (spec section 8: create_order up to 30 s). */
const EXPECTED_MS = 30_000;

/**
 * Shown while the unlock is being placed with the supplier. The bar fills over the 30 seconds
 * the supplier may take (then waits full); the page updates by itself when the order is placed.
 * Its words: "DeliveryUnlockClient", handed down by UnlockOrderSection.
 */
export function UnlockPlacingProgress({ sinceIso }: { sinceIso: string | null }) {
  const t = useTranslations("DeliveryUnlockClient");
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const start = sinceIso ? new Date(sinceIso).getTime() : Date.now();
    const tick = () => setElapsed(Math.max(0, Date.now() - start));
    tick();
    const timer = setInterval(tick, 1_000);
    return () => clearInterval(timer);
  }, [sinceIso]);
  const percent = Math.min(100, Math.round((elapsed / EXPECTED_MS) * 100));

  return (
    <div className="flex flex-col gap-3" data-testid="unlock-placing">
      <p role="status" className="text-sm font-medium">
        {t("placing")}
      </p>
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-surface-muted">
        <div
          className="h-full rounded-full bg-brand transition-[width] duration-1000 ease-linear motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-muted">{t("placingNote")}</p>
    </div>
  );
}

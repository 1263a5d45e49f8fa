"use client";

import { Menu } from "lucide-react";
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { Link } from "@/lib/i18n/navigation";
import { PRODUCTS } from "@/lib/products";
import { ProductIcon } from "./product-icon";

/**
 * The phone menu: a <details> (it opens without JavaScript) that closes when a link in it is
 * chosen, when the page changes, on Escape and on a tap outside it. Client-side navigation keeps
 * the header mounted, so without this the menu stayed open over the next page.
 */
export function PhoneMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const pathname = usePathname();
  const t = useTranslations("Frame");
  const products = useTranslations("Products");

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);

  useEffect(() => {
    const close = () => {
      if (ref.current) ref.current.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && ref.current?.open) {
        close();
        ref.current.querySelector("summary")?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) close();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, []);

  return (
    <details ref={ref} className="group relative xl:hidden" data-testid="phone-menu">
      <summary className="inline-flex size-10 cursor-pointer list-none items-center justify-center rounded-lg text-muted hover:bg-surface-muted [&::-webkit-details-marker]:hidden">
        <Menu className="size-5" aria-hidden="true" />
        <span className="sr-only">{t("menu")}</span>
      </summary>
      <nav aria-label={t("productsNav")} className="absolute right-0 mt-2 w-64 rounded-xl border border-border bg-surface p-2 shadow-lg">
        <ul>
          {PRODUCTS.map((p) => (
            <li key={p.type}>
              <Link
                href={p.href}
                onClick={() => {
                  if (ref.current) ref.current.open = false;
                }}
                className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium hover:bg-surface-muted"
              >
                <ProductIcon type={p.type} className="size-4 text-brand" />
                {products(`${p.type}.name`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

"use client";

import { Menu } from "lucide-react";
import { usePathname } from "next/navigation";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * The phone menu: a <details> (it opens without JavaScript) that closes when a link in it is
 * chosen, when the page changes, on Escape and on a tap outside it. Client-side navigation keeps
 * the header mounted, so without this the menu stayed open over the next page. Its links and
 * words are drawn by the header (a server component), so it needs no i18n runtime.
 */
export function PhoneMenu({ label, navLabel, children }: { label: string; navLabel: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const pathname = usePathname();

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
        <span className="sr-only">{label}</span>
      </summary>
      <nav
        aria-label={navLabel}
        onClick={(event) => {
          if (ref.current && (event.target as Element).closest("a")) ref.current.open = false;
        }}
        className="absolute right-0 mt-2 w-64 rounded-xl border border-border bg-surface p-2 shadow-lg"
      >
        {children}
      </nav>
    </details>
  );
}

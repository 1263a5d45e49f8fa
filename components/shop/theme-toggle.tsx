"use client";

import { Moon, Sun } from "lucide-react";

/** The light/dark switch; its label comes from the server (the header), in the page's language. */
export function ThemeToggle({ label }: { label: string }) {
  function toggle() {
    const dark = !document.documentElement.classList.contains("dark");
    document.documentElement.classList.toggle("dark", dark);
    try {
      localStorage.setItem("theme", dark ? "dark" : "light");
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      className="inline-flex size-10 items-center justify-center rounded-lg text-muted hover:bg-surface-muted hover:text-fg"
    >
      <Sun className="hidden size-5 dark:block" aria-hidden="true" />
      <Moon className="size-5 dark:hidden" aria-hidden="true" />
    </button>
  );
}

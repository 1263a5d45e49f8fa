// The reader's theme: a stored choice ("theme" in localStorage, set by the toggle) wins, otherwise
// the system preference. lib/http/theme-script.ts is the same rule as an inline script, run before
// the first paint of server-rendered pages; components/theme-sync.tsx runs this one where the
// browser renders the page itself.
export function applyStoredTheme(): void {
  try {
    const stored = localStorage.getItem("theme");
    const dark = stored ? stored === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
    document.documentElement.classList.toggle("dark", dark);
  } catch {
    // Storage refused (private mode): the system preference stays as the CSS has it.
  }
}

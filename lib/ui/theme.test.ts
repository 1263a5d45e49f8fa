import { afterEach, describe, expect, it, vi } from "vitest";
import { THEME_SCRIPT } from "@/lib/http/theme-script";
import { applyStoredTheme } from "./theme";

// The inline theme script (server-rendered pages) and applyStoredTheme (pages the browser renders
// itself) are the same rule: checked against each other in every case.

function browserWith(stored: string | null, systemDark: boolean, storageThrows = false) {
  const classes = new Set<string>();
  vi.stubGlobal("localStorage", {
    getItem: () => {
      if (storageThrows) throw new Error("SecurityError");
      return stored;
    },
  });
  vi.stubGlobal("matchMedia", () => ({ matches: systemDark }));
  vi.stubGlobal("document", {
    documentElement: {
      classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    },
  });
  return classes;
}

afterEach(() => vi.unstubAllGlobals());

describe("the theme rule", () => {
  const cases: [string | null, boolean, boolean][] = [
    [null, false, false],
    [null, true, true],
    ["dark", false, true],
    ["light", true, false],
  ];
  it.each(cases)("stored %s, system dark %s → dark %s, in both forms", (stored, systemDark, dark) => {
    const fromScript = browserWith(stored, systemDark);
    new Function(THEME_SCRIPT)();
    expect(fromScript.has("dark")).toBe(dark);
    const fromFunction = browserWith(stored, systemDark);
    applyStoredTheme();
    expect(fromFunction.has("dark")).toBe(dark);
  });

  it("leaves the page as it is when storage is refused", () => {
    const classes = browserWith(null, true, true);
    applyStoredTheme();
    expect(classes.size).toBe(0);
  });
});

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Waits until the page's finite CSS transitions and animations have ended, so axe measures the
 * colours a reader sees rather than a frame in the middle of a theme change (`transition-colors`
 * elements fade for 150 ms after the `dark` class flips). Endless animations (spinners) are skipped.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Waits until the document has its title. Next.js sends a page's metadata after its body, and
 * after a client navigation or a refresh (the order page refreshes when its status changes) the
 * document has no <title> until it arrives: 60–250 ms measured with a MutationObserver, long
 * enough for axe's document-title to fail now and then. A reader never meets it (Next's route
 * announcer reads the h1 when there is no title), so axe checks the page once it is settled; a
 * page that never gets a title still fails, here.
 */
async function settleTitle(page: Page): Promise<void> {
  await expect.poll(() => page.title(), { message: "the page has a title", timeout: 10_000 }).not.toBe("");
}

/** The axe rules whose outcome depends on the colours: all a change of theme can change. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * No accessibility violations on the page as it is now (DESIGN.md: axe finds nothing in e2e);
 * `only` limits the check to some rules.
 */
export async function expectNoAxeViolations(page: Page, label: string, only?: string[]): Promise<void> {
  await settleTransitions(page);
  await settleTitle(page);
  const builder = new AxeBuilder({ page });
  const results = await (only ? builder.withRules(only) : builder).analyze();
  expect(
    results.violations.map(
      (v) => `${label}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}

/**
 * axe on the page as it is, in the light and then the dark theme, without reloading (so form
 * errors and other state stay on screen). The theme is the `dark` class on <html>, which is what
 * the header toggle and the start-up theme script set; emulating the media query alone would not
 * change it after load. The theme changes only colours, so the dark pass checks the colour rules
 * (the light pass has checked the rest on the same page).
 */
export async function expectNoAxeViolationsLightAndDark(page: Page, label: string): Promise<void> {
  const setDark = (dark: boolean) => page.evaluate((d) => document.documentElement.classList.toggle("dark", d), dark);
  await setDark(false);
  await expectNoAxeViolations(page, `${label} (light)`);
  await setDark(true);
  await expectNoAxeViolations(page, `${label} (dark)`, COLOUR_RULES);
  await setDark(false);
}

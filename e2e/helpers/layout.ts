import type { Page } from "@playwright/test";

// Horizontal overflow, measured: a page must fit its viewport; a wide table may
// scroll inside its own box, never the page.

/** How far the page is wider than the viewport (0 when it fits), and the widest offender. */
export async function overflowOf(page: Page): Promise<{ excess: number; culprit: string | null }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const excess = Math.max(0, document.documentElement.scrollWidth - width);
    if (excess === 0) return { excess, culprit: null };
    // The outermost element sticking out that is not inside a horizontally scrolling box.
    const scrolls = (el: Element) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX);
    for (const el of document.body.querySelectorAll("*")) {
      const rect = el.getBoundingClientRect();
      if (rect.right <= width + 1) continue;
      let inside: Element | null = el.parentElement;
      let contained = false;
      while (inside) {
        if (scrolls(inside)) contained = true;
        inside = inside.parentElement;
      }
      if (!contained)
        return {
          excess,
          culprit: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${String(el.className).slice(0, 80)} (${Math.round(rect.right)} px)`,
        };
    }
    return { excess, culprit: null };
  });
}

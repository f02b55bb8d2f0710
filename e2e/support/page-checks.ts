import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

/** Fails the test when axe finds WCAG 2.x A/AA violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  // Checked as a person sees the page once it is still: a dialog fading in or a toast fading out
  // has, halfway, text whose contrast axe rightly fails. Endless animations (spinners) are skipped,
  // and a paused one, which would never finish, is waited for 3 s at most.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/** Saves a full-page screenshot as e2e/screenshots/<project>/<name>.png for people to look at. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({
    path: `e2e/screenshots/${testInfo.project.name}/${name}.png`,
    fullPage: true,
    animations: "disabled",
  });
}

/** The same page must not scroll sideways (mobile layouts that overflow). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * What sticks out: visible controls, headings and texts whose box leaves the nearest box that
 * frames them (a border, a clip or a scroll area) by more than a pixel. Scroll areas themselves
 * (the table, the tab bar) may be wider than the screen: that is what they are for.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const framed = (el: Element) => {
      const style = getComputedStyle(el);
      return (
        style.overflowX !== "visible" ||
        parseFloat(style.borderLeftWidth) > 0 ||
        parseFloat(style.borderRightWidth) > 0
      );
    };
    const out: string[] = [];
    const selector = "button, a, input, select, label, h1, h2, h3, p, dt, dd, th, td";
    for (const el of document.querySelectorAll(selector)) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.position === "absolute") continue;
      if (el.closest(".sr-only")) continue;
      let box = el.parentElement;
      while (box && box !== document.body && !framed(box)) box = box.parentElement;
      if (!box || box === document.body) continue;
      const frame = box.getBoundingClientRect();
      // Inside a scroll area, what is beyond its edge is scrolled to, not cut.
      const scrolls = ["auto", "scroll"].includes(getComputedStyle(box).overflowX);
      if (scrolls) continue;
      if (rect.left < frame.left - 1 || rect.right > frame.right + 1) {
        const text = (el.textContent ?? "").trim().slice(0, 40) || el.getAttribute("aria-label");
        out.push(
          `<${el.tagName.toLowerCase()}> "${text}" ${Math.round(rect.left)}–${Math.round(rect.right)} outside ${box.tagName.toLowerCase()}.${String(box.className).split(" ").slice(0, 3).join(".")} ${Math.round(frame.left)}–${Math.round(frame.right)}`,
        );
      }
    }
    return out;
  });
}

/** A toast (success or error) with this text, in the notifications region. */
export const toast = (page: Page, text: string | RegExp) =>
  page
    .getByRole("region", { name: /notifications/i })
    .getByRole("listitem")
    .filter({ hasText: text });

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

/** A toast (success or error) with this text, in the notifications region. */
export const toast = (page: Page, text: string | RegExp) =>
  page
    .getByRole("region", { name: /notifications/i })
    .getByRole("listitem")
    .filter({ hasText: text });

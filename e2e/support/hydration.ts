import type { Page } from "@playwright/test";

/**
 * Waits until React has hydrated every button of a portal page. The server's HTML shows buttons
 * before their handlers exist, and a click that early does nothing (on a fast machine the gap is
 * short; on a busy CI machine it is seconds, longer for a part whose code loads lazily). React
 * marks a hydrated element with its props. Pages that are not the portal's (the sandbox's hosted
 * pages, a PDF) are not waited for.
 */
export async function hydrated(page: Page, timeout = 20_000): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await page.waitForFunction(
        () =>
          !document.querySelector('script[src*="/_next/static/"]') ||
          [...document.querySelectorAll("button")].every((button) =>
            Object.keys(button).some((key) => key.startsWith("__reactProps$")),
          ),
        undefined,
        { timeout },
      );
      return;
    } catch (error) {
      // The page moved on by itself (a redirect in the browser): wait on the new one.
      const navigated =
        error instanceof Error && /context was destroyed|navigat/i.test(error.message);
      if (!navigated || attempt >= 2) throw error;
      await page.waitForLoadState();
    }
  }
}

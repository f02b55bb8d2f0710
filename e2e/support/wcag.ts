// Measurements behind the WCAG 2.2 checks of e2e/accessibility.spec.ts that axe does not make
// (docs/accessibility/conformance-report.md cites each). Each returns what fails, one line each,
// so an expectation of [] names the culprits when it fails.
import type { Page } from "@playwright/test";

/** WCAG's text-spacing override (1.4.12): the four properties at their required minimums. */
export const TEXT_SPACING_CSS = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/**
 * Text that spills out of the box that holds it or is cut by a clip (1.4.12): each visible run of
 * text must stay inside its nearest block box (a fixed width or height, or a clip, would hide the
 * rest or lay it over the next thing). Text cut on purpose with an ellipsis is allowed when the
 * whole text is one focus or hover away (a tooltip's trigger, a `title`).
 */
export function spilledText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim()) continue;
      if (parent.closest(".sr-only, [aria-hidden='true'], script, style, option, [hidden]"))
        continue;
      let box: Element | null = parent;
      while (box && getComputedStyle(box).display === "inline") box = box.parentElement;
      if (!box) continue;
      const frame = box.getBoundingClientRect();
      if (frame.width === 0 || frame.height === 0) continue;
      const style = getComputedStyle(box);
      if (style.visibility === "hidden") continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      if (text.width === 0) continue;
      const wide = text.right > frame.right + 1 || text.left < frame.left - 1;
      const tall = text.bottom > frame.bottom + 1 || text.top < frame.top - 1;
      if (!wide && !tall) continue;
      const ellipsis = style.textOverflow === "ellipsis";
      if (ellipsis && !tall && box.closest("[title], button, a, [tabindex='0']")) continue;
      out.push(
        `<${box.tagName.toLowerCase()}> "${node.textContent.trim().slice(0, 40)}": text ${Math.round(text.width)}×${Math.round(text.height)} in a box of ${Math.round(frame.width)}×${Math.round(frame.height)}`,
      );
    }
    return out;
  });
}

/**
 * Pointer targets under 24×24 CSS px that the spacing exception of 2.5.8 does not cover: a 24 px
 * circle centred on such a target may neither touch another target nor another small target's
 * circle. Links inside a sentence (the inline exception) and third-party frames are left out.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = [
      "a[href]",
      "button",
      "input:not([type='hidden'])",
      "select",
      "textarea",
      "summary",
      "[role='button']",
      "[role='link']",
      "[role='tab']",
      "[role='checkbox']",
      "[role='radio']",
      "[role='switch']",
      "[role='menuitem']",
      "[role='option']",
      "[role='slider']",
      "[tabindex='0']",
    ].join(",");
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const s = getComputedStyle(el);
      return s.visibility !== "hidden" && s.opacity !== "0" && !el.closest(".sr-only");
    };
    const inSentence = (el: Element) => {
      if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
      const block = el.closest("p, li, dd, td, label, span");
      return !!block && (block.textContent ?? "").trim() !== (el.textContent ?? "").trim();
    };
    // A control inside another counts once: the outer one (a button holding an icon).
    const targets = [...document.querySelectorAll(selector)]
      .filter(visible)
      .filter((el, _, all) => !all.some((other) => other !== el && other.contains(el)));
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const distance = (p: { x: number; y: number }, r: DOMRect) =>
      Math.hypot(
        Math.max(r.left - p.x, 0, p.x - r.right),
        Math.max(r.top - p.y, 0, p.y - r.bottom),
      );
    const measured = targets.map((el) => {
      const rect = el.getBoundingClientRect();
      return { el, rect, small: rect.width < 23.5 || rect.height < 23.5, c: centre(rect) };
    });
    const out: string[] = [];
    for (const t of measured) {
      if (!t.small || inSentence(t.el)) continue;
      const crowded = measured.some(
        (o) =>
          o !== t &&
          (distance(t.c, o.rect) < 12 ||
            (o.small && Math.hypot(t.c.x - o.c.x, t.c.y - o.c.y) < 24)),
      );
      if (!crowded) continue;
      const name =
        t.el.getAttribute("aria-label") ||
        (t.el.textContent ?? "").trim().slice(0, 30) ||
        t.el.getAttribute("name") ||
        t.el.id;
      out.push(
        `<${t.el.tagName.toLowerCase()}> "${name}" ${Math.round(t.rect.width)}×${Math.round(t.rect.height)}`,
      );
    }
    return out;
  });
}

/** What the focused element looks like to someone who cannot see the cursor (2.4.7, 2.4.11). */
export type FocusStop = {
  /** Its role-ish tag and name, to say which stop failed. */
  name: string;
  /** false once focus has left the page's controls (the body, or back to the address bar). */
  onPage: boolean;
  /** An outline or a ring (box-shadow) is drawn while it has focus. */
  indicated: boolean;
  /** No point of it can be seen: covered by something else or outside the window. */
  hidden: boolean;
  /** Inside a third party's frame (a payment provider's field): not the portal's to style. */
  framed: boolean;
};

/**
 * Reads the focused element: its name, its focus indicator and whether any of it is in sight. The
 * first element read is marked, so a round can tell when the focus has come back to it.
 */
function readFocus(page: Page): Promise<FocusStop & { back: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement)
      return {
        name: "",
        onPage: false,
        indicated: false,
        hidden: false,
        framed: false,
        back: false,
      };
    const back = el.dataset.tabRound === "start";
    if (!document.querySelector("[data-tab-round]")) el.dataset.tabRound = "start";
    const role = el.getAttribute("role");
    const label = el.getAttribute("aria-label") || el.textContent || el.getAttribute("name") || "";
    const name = `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ""}> "${label.trim().slice(0, 40)}"`;
    if (el.tagName === "IFRAME")
      return { name, onPage: true, indicated: true, hidden: false, framed: true, back };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none" && style.boxShadow !== "";
    const r = el.getBoundingClientRect();
    // A grid of points of the element inside the window: one that reaches it (or a child) is enough.
    let seen = false;
    for (let ix = 1; ix <= 3 && !seen; ix++) {
      for (let iy = 1; iy <= 3 && !seen; iy++) {
        const x = r.left + (r.width * ix) / 4;
        const y = r.top + (r.height * iy) / 4;
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === el || el.contains(hit) || hit.contains(el))) seen = true;
      }
    }
    return { name, onPage: true, indicated: outline || ring, hidden: !seen, framed: false, back };
  });
}

/**
 * Presses Tab until the focus has gone round the page once (it leaves the page or comes back to
 * where it started), reading each stop; at most `max` presses.
 */
export async function tabRound(page: Page, max = 150): Promise<FocusStop[]> {
  await page.evaluate(() =>
    document.querySelector("[data-tab-round]")?.removeAttribute("data-tab-round"),
  );
  const stops: FocusStop[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const { back, ...stop } = await readFocus(page);
    if (!stop.onPage || back) break;
    stops.push(stop);
  }
  return stops;
}

// Pager arithmetic (spec 001 §4–5): pages are zero-based inside the app and one-based on screen
// and on the wire.

/** The page number shown for a zero-based index. */
export function toShownPage(pageIndex: number): number {
  return pageIndex + 1;
}

/** The zero-based index of a shown page number. */
export function toPageIndex(shownPage: number): number {
  return shownPage - 1;
}

/** How many pages `total` rows make at `size` a page; at least 1, so an empty list still has page 1. */
export function pageCount(total: number, size: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(size) || size <= 0) return 1;
  return Math.max(1, Math.ceil(total / size));
}

/** A page index beyond the end (after filtering, or a stale URL) moved to the last page. */
export function clampPageIndex(pageIndex: number, count: number): number {
  if (!Number.isFinite(pageIndex) || pageIndex < 0) return 0;
  return Math.min(Math.floor(pageIndex), Math.max(1, count) - 1);
}

/**
 * The page a jump input leads to (zero-based): a whole number from 1 to the page count; anything
 * else reverts to the current page.
 */
export function resolvePageJump(
  input: string | number,
  currentIndex: number,
  count: number,
): number {
  const text = String(input).trim();
  if (!/^\d+$/.test(text)) return currentIndex;
  const shown = Number(text);
  return shown >= 1 && shown <= count ? toPageIndex(shown) : currentIndex;
}

export type PagerItem = { type: "page"; index: number } | { type: "ellipsis"; key: string };

/**
 * The page buttons to show: the first and last pages, `siblings` pages either side of the
 * current one, and an ellipsis for each gap of two or more pages (a gap of one shows that page).
 */
export function pagerItems(currentIndex: number, count: number, siblings = 1): PagerItem[] {
  const last = Math.max(1, count) - 1;
  const current = clampPageIndex(currentIndex, count);
  const shown = new Set<number>([0, last]);
  for (let i = current - siblings; i <= current + siblings; i++)
    if (i >= 0 && i <= last) shown.add(i);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  let previous = -1;
  for (const index of sorted) {
    const gap = index - previous - 1;
    if (gap === 1) items.push({ type: "page", index: previous + 1 });
    else if (gap > 1) items.push({ type: "ellipsis", key: `gap-${previous + 1}-${index - 1}` });
    items.push({ type: "page", index });
    previous = index;
  }
  return items;
}

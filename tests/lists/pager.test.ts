import { describe, expect, it } from "vitest";
import {
  clampPageIndex,
  pageCount,
  pagerItems,
  resolvePageJump,
  toPageIndex,
  toShownPage,
} from "@/lib/lists/pager";

/** Pager items as text: shown page numbers and "…". */
const render = (current: number, count: number) =>
  pagerItems(current, count)
    .map((item) => (item.type === "page" ? String(toShownPage(item.index)) : "…"))
    .join(" ");

describe("pager arithmetic (spec 001 §4–5)", () => {
  it("shows a zero-based index one-based", () => {
    expect(toShownPage(0)).toBe(1);
    expect(toPageIndex(1)).toBe(0);
  });

  it.each([
    [0, 10, 1],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [95, 20, 5],
    [100, 5, 20],
  ])("makes %i rows at %i a page into %i pages", (total, size, count) => {
    expect(pageCount(total, size)).toBe(count);
  });

  it("has at least one page for odd input", () => {
    expect(pageCount(Number.NaN, 10)).toBe(1);
    expect(pageCount(10, 0)).toBe(1);
  });

  it("clamps a page beyond the end to the last page", () => {
    expect(clampPageIndex(9, 3)).toBe(2);
    expect(clampPageIndex(1, 3)).toBe(1);
    expect(clampPageIndex(-4, 3)).toBe(0);
    expect(clampPageIndex(5, 1)).toBe(0);
  });
});

describe("page jump", () => {
  it("goes to a page from 1 to the page count", () => {
    expect(resolvePageJump("1", 3, 5)).toBe(0);
    expect(resolvePageJump(" 5 ", 3, 5)).toBe(4);
    expect(resolvePageJump(2, 3, 5)).toBe(1);
  });

  it.each(["0", "6", "-1", "2.5", "abc", ""])("reverts to the current page for %j", (input) => {
    expect(resolvePageJump(input, 3, 5)).toBe(3);
  });
});

describe("page buttons", () => {
  it("shows every page when there are few", () => {
    expect(render(0, 1)).toBe("1");
    expect(render(2, 5)).toBe("1 2 3 4 5");
  });

  it("puts ellipses in gaps of two or more pages", () => {
    expect(render(0, 10)).toBe("1 2 … 10");
    expect(render(5, 10)).toBe("1 … 5 6 7 … 10");
    expect(render(9, 10)).toBe("1 … 9 10");
  });

  it("shows the single page of a one-page gap instead of an ellipsis", () => {
    expect(render(3, 10)).toBe("1 2 3 4 5 … 10");
    expect(render(6, 10)).toBe("1 … 6 7 8 9 10");
  });

  it("gives ellipses distinct keys", () => {
    const keys = pagerItems(5, 10).flatMap((i) => (i.type === "ellipsis" ? [i.key] : []));
    expect(new Set(keys).size).toBe(2);
  });

  it("clamps a current page beyond the end", () => {
    expect(render(40, 3)).toBe("1 2 3");
  });
});

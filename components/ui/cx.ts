import { clsx } from "clsx";

/**
 * Joins class names without resolving conflicts: for the primitives on a page's first paint, whose
 * callers add classes that never fight the base ones, so those pages need no tailwind-merge in
 * their first-load JS (bench/README.md). Where a caller may replace a base class, the base names it
 * with `unless`. Its own module: importing it must not bring tailwind-merge along (see cn.ts).
 */
export const cx = clsx;

/**
 * `fallback` unless the caller's classes already set that utility (matched by `pattern` at a class
 * start), e.g. `unless(className, /py-/, "py-3")`: the caller's `py-8` replaces the base `py-3`.
 */
export function unless(className: string | undefined, pattern: RegExp, fallback: string) {
  return new RegExp(`(^|\\s)(${pattern.source})`).test(className ?? "") ? null : fallback;
}

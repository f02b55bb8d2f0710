import { clsx } from "clsx";

/**
 * Joins class names without resolving conflicts: for the primitives of the sign-in pages, whose
 * callers add classes that never fight the base ones, so those pages need no tailwind-merge (8 kB).
 * Its own module: importing it must not bring tailwind-merge along (see cn.ts).
 */
export const cx = clsx;

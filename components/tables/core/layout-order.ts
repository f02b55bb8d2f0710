// Pure arithmetic of the saved column layout: orders and widths as the table applies them.
import type { ListColumn } from "@/lib/schemas/lists";
import { COLUMN_WIDTH } from "./features";

/** The saved order applied to the list's columns: known ids in the saved order, then the rest in configuration order. */
export function applySavedOrder(
  saved: readonly string[],
  columns: readonly ListColumn[],
): string[] {
  const known = new Set(columns.map((c) => c.id));
  const ordered = saved.filter((id, i) => known.has(id) && saved.indexOf(id) === i);
  const placed = new Set(ordered);
  return [...ordered, ...columns.map((c) => c.id).filter((id) => !placed.has(id))];
}

/** `order` with `id` moved next to its visible neighbour on one side; unchanged when it is already at that edge. */
export function moveBesideVisible(
  order: readonly string[],
  visible: readonly string[],
  id: string,
  direction: -1 | 1,
): string[] {
  const at = visible.indexOf(id);
  const neighbour = visible[at + direction];
  if (at < 0 || neighbour === undefined) return [...order];
  return moveTo(order, id, neighbour);
}

/** `order` with `id` put where `target` is (dnd-kit's arrayMove on the full order). */
export function moveTo(order: readonly string[], id: string, target: string): string[] {
  const from = order.indexOf(id);
  const to = order.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...order];
  const next = [...order];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** A width the API accepts: a whole number of pixels from 40 to 1000. */
export function clampWidth(px: number): number {
  if (!Number.isFinite(px)) return COLUMN_WIDTH.default;
  return Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, Math.round(px)));
}

/** The widths that differ from the saved ones (known columns only, clamped): what a save sends. */
export function changedWidths(
  saved: Readonly<Record<string, number>>,
  draft: Readonly<Record<string, number>>,
  columns: readonly ListColumn[],
): Record<string, number> {
  const known = new Set(columns.map((c) => c.id));
  const out: Record<string, number> = {};
  for (const [id, px] of Object.entries(draft)) {
    const width = clampWidth(px);
    if (known.has(id) && saved[id] !== width) out[id] = width;
  }
  return out;
}

/** Whether two orders are the same. */
export function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

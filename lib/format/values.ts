// Small display rules shared by every list cell (spec 001 §2, §9).

/** What an empty cell shows. */
export const EMPTY_VALUE = "-";

/** Texts longer than this get a tooltip with the full text. */
export const TOOLTIP_THRESHOLD = 40;

/** Invoice ids and totals show this many entries until "load more". */
export const COLLAPSED_ENTRIES = 2;
export const COLLAPSE_KEYS = {
  more: "lists.collapse.loadMore",
  less: "lists.collapse.loadLess",
} as const;

/** The label of pdfLink and viewLink cells. */
export const VIEW_LINK_KEY = "lists.links.view";

export const BOOLEAN_KEYS = { yes: "lists.boolean.yes", no: "lists.boolean.no" } as const;
export type BooleanKey = (typeof BOOLEAN_KEYS)[keyof typeof BOOLEAN_KEYS];

/** Whether a value counts as empty (null, undefined, blank text). */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === null || value === undefined || (typeof value === "string" && value.trim() === "")
  );
}

/** A plain value as text, '-' when empty. */
export function displayText(value: unknown): string {
  if (isEmptyValue(value)) return EMPTY_VALUE;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return EMPTY_VALUE;
}

/** The message key of Yes or No for a boolean (or "true"/"false", "yes"/"no"); null shows '-'. */
export function booleanMessageKey(value: unknown): BooleanKey | null {
  if (typeof value === "boolean") return value ? BOOLEAN_KEYS.yes : BOOLEAN_KEYS.no;
  if (typeof value !== "string") return null;
  const v = value.trim().toLowerCase();
  if (v === "true" || v === "yes") return BOOLEAN_KEYS.yes;
  if (v === "false" || v === "no") return BOOLEAN_KEYS.no;
  return null;
}

/** Whether a text is long enough for a tooltip (over 40 characters). */
export function needsTooltip(text: string | null | undefined): boolean {
  return typeof text === "string" && text.length > TOOLTIP_THRESHOLD;
}

/**
 * The entries to show of a list that collapses to 2 (invoice ids, invoice totals): all when
 * expanded; `hidden` counts what "load more" reveals, `toggles` says whether a toggle shows at all.
 */
export function collapseEntries<T>(
  entries: readonly T[],
  expanded: boolean,
  limit = COLLAPSED_ENTRIES,
): { visible: readonly T[]; hidden: number; toggles: boolean } {
  const toggles = entries.length > limit;
  if (!toggles || expanded) return { visible: entries, hidden: 0, toggles };
  return { visible: entries.slice(0, limit), hidden: entries.length - limit, toggles };
}

// The one name of a list's column, wherever it shows: header, column picker, mobile card, column
// menu announcements, the filter builder's field select and the chips. Spec 001 §3 names columns
// by the company's column configuration (objectConfiguration `display_name`, or `tempLabel`), so
// a configured name wins; a custom field the configuration does not name keeps its field label;
// the portal's own translation covers built-ins the configuration does not name (no
// configuration yet, or fields that are filters only). A filter field is named by the column it
// filters, so "total" reads like the `invoice_amount` header it narrows.
import { findFilterField, getListDefinition, type ListId } from "./definitions";
import type { FilterField } from "./filters";
import type { ListColumn } from "@/lib/schemas/lists";

/** A translator of full message keys (`lists.columns.status`) known only at run time. */
export type LooseTranslator = {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
};

/** Where a name can come from, strongest first. */
export type LabelSource = {
  /** The company's name: objectConfiguration display_name / tempLabel, or a custom field's label. */
  configured: string | null;
  /** The portal's message key of a built-in column or field. */
  messageKey: string | null;
  /** The wire id, shown only when nothing else names it. */
  id: string;
};

/** The name a column or field is shown with: the configured name, else the translation, else its id. */
export function resolveLabel(source: LabelSource, t: LooseTranslator): string {
  const configured = source.configured?.trim();
  if (configured) return configured;
  if (source.messageKey && t.has(source.messageKey)) return t(source.messageKey);
  return source.id;
}

/** A column's name (header, picker, card, announcements). */
export function columnLabel(
  column: Pick<ListColumn, "id" | "label" | "headerKey">,
  t: LooseTranslator,
): string {
  return resolveLabel({ configured: column.label, messageKey: column.headerKey, id: column.id }, t);
}

/** The column a filter field narrows, among the table's columns (hidden ones included). */
export function columnOfFilterField(
  list: ListId,
  field: Pick<FilterField, "name" | "custom">,
  columns: readonly ListColumn[],
): ListColumn | undefined {
  if (field.custom) return columns.find((c) => c.custom && c.id === field.name);
  const columnId = findFilterField(list, field.name)?.column;
  return columnId ? columns.find((c) => !c.custom && c.id === columnId) : undefined;
}

/** A filter field's name: its column's name when it filters one, else its own label or translation. */
export function filterFieldLabel(
  list: ListId,
  field: Pick<FilterField, "name" | "custom" | "label" | "labelKey">,
  columns: readonly ListColumn[],
  t: LooseTranslator,
): string {
  const column = columnOfFilterField(list, field, columns);
  if (column) return columnLabel(column, t);
  // Before the configuration arrives the table shows built-ins by their translation: so does this.
  const columnId = field.custom ? null : findFilterField(list, field.name)?.column;
  const builtIn = columnId
    ? getListDefinition(list).columns.find((c) => c.id === columnId)
    : undefined;
  return resolveLabel(
    {
      configured: field.label,
      messageKey: builtIn?.headerKey ?? field.labelKey,
      id: field.name,
    },
    t,
  );
}

// The columns of a list as the table shows them (docs/CONTRACT.md §5): built-in columns from the
// list's definition, custom fields, and the company's column configuration (objectConfiguration).
// Pure and isomorphic: the BFF builds a list's columns with it (lib/billing/lists/reshape.ts), and
// the table builds the built-in columns of a list whose configuration has not arrived.
import type { ColumnKind, CustomField, ListColumn, ListId } from "@/lib/schemas/lists";
import { getListDefinition, isBuiltInFieldName, type ColumnDefinition } from "./definitions";
import { customFieldFilterType } from "./filters";

/** An entry of the company's column configuration (objectConfiguration `fields`), as validated by the BFF. */
export type ConfiguredColumn = {
  id: string;
  display_name: string | null;
  tempLabel: string | null;
  order_no: number | null;
  column_enabled: boolean | null;
};

function customColumnKind(fieldType: string): ColumnKind {
  if (fieldType === "currency" || fieldType === "money") return "money";
  if (fieldType === "file_upload") return "attachment";
  const type = customFieldFilterType(fieldType);
  return type === "number" || type === "boolean" || type === "date" ? type : "text";
}

function builtInColumn(c: ColumnDefinition, label: string | null, visible: boolean): ListColumn {
  return {
    id: c.id,
    field: c.field,
    custom: false,
    headerKey: c.headerKey,
    label,
    kind: c.kind,
    sortable: c.sortable,
    mobile: c.mobile,
    required: c.required,
    visible: visible || c.required,
  };
}

function customColumn(f: CustomField, label: string | null, visible: boolean): ListColumn {
  return {
    id: f.apiName,
    field: null,
    custom: true,
    headerKey: null,
    label: label ?? f.label,
    kind: customColumnKind(f.fieldType),
    sortable: false,
    mobile: false,
    required: false,
    visible,
  };
}

const nonBlank = (text: string | null | undefined) => (text?.trim() ? text : null);

/**
 * The table's columns: the company's objectConfiguration in `order_no` order (built-ins and
 * custom fields shown in the portal); then required and fixed built-ins it left out, then the
 * portal's custom fields it left out. Without an objectConfiguration: every built-in column.
 * A custom field named like a built-in field is left out.
 */
export function buildColumns(
  list: ListId,
  objectFields: readonly ConfiguredColumn[] | null,
  customFields: readonly CustomField[],
): ListColumn[] {
  const def = getListDefinition(list);
  const columns: ListColumn[] = [];
  const taken = new Set<string>();
  const add = (column: ListColumn) => {
    if (taken.has(column.id)) return;
    taken.add(column.id);
    columns.push(column);
  };
  const byOrder = [...(objectFields ?? [])]
    .map((f, i) => ({ f, i }))
    .sort((a, b) => (a.f.order_no ?? Infinity) - (b.f.order_no ?? Infinity) || a.i - b.i)
    .map(({ f }) => f);
  for (const f of byOrder) {
    // A blank name names nothing: the next source speaks (as the export's headers do).
    const label = nonBlank(f.display_name) ?? nonBlank(f.tempLabel) ?? null;
    const visible = f.column_enabled ?? true;
    const builtIn = def.columns.find((c) => c.id === f.id);
    const custom = customFields.find(
      (c) =>
        (c.apiName === appColumnId(f.id) || c.id === f.id) && !isBuiltInFieldName(list, c.apiName),
    );
    if (builtIn) add(builtInColumn(builtIn, label, visible));
    else if (custom) add(customColumn(custom, label, visible));
  }
  const configured = byOrder.length > 0;
  for (const c of def.columns)
    if (!configured || c.required || c.fixed) add(builtInColumn(c, null, true));
  // A custom field named like a built-in would share its width, order and sort keys: not a column.
  for (const f of customFields)
    if (!isBuiltInFieldName(list, f.apiName)) add(customColumn(f, null, true));
  return columns;
}

const CUSTOM_COLUMN_PREFIX = "custom_fields.";

/** A column id of the upstream's configuration as the app's: `custom_fields.<api_name>` is the custom field's api_name. */
export function appColumnId(wireId: string): string {
  return wireId.startsWith(CUSTOM_COLUMN_PREFIX)
    ? wireId.slice(CUSTOM_COLUMN_PREFIX.length)
    : wireId;
}

/** The app's column id as the upstream's configuration names it (docs/CONTRACT.md §5): custom fields as `custom_fields.<api_name>`. */
export function wireColumnId(list: ListId, id: string): string {
  return getListDefinition(list).columns.some((c) => c.id === id) ? id : CUSTOM_COLUMN_PREFIX + id;
}

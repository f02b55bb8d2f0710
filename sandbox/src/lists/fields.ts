/**
 * The fields of one list for one company: built-in filter fields and sortable columns from
 * modules.ts plus the company's custom fields. The decoder and the query builder accept only these.
 */
import { customFilterType, type CustomFieldDefinition } from "./custom-fields";
import {
  customColumnId,
  MODULE_DEFINITIONS,
  type FilterType,
  type ListModule,
  type ModuleDefinition,
} from "./modules";
import type { SqlParams } from "./sql-params";

/** A field the filter map may name. */
export type FilterField = {
  name: string;
  type: FilterType;
  /** The SQL expression over the row alias `t` (custom fields bind their api_name). */
  sql: (p: SqlParams) => string;
  /** A timestamptz: dates compare as whole US Eastern days. */
  timestamp: boolean;
  /** Compared lower-cased (status). */
  lowerCase: boolean;
};

/** A column `sort` may name. */
export type SortColumn = {
  id: string;
  /** The ORDER BY expression; `today` (YYYY-MM-DD, Eastern) serves computed columns. */
  sql: (p: SqlParams, today: string) => string;
};

export type ListFields = {
  module: ListModule;
  definition: ModuleDefinition;
  filters: ReadonlyMap<string, FilterField>;
  sortable: ReadonlyMap<string, SortColumn>;
  customFields: CustomFieldDefinition[];
  /** Every column a table configuration may name: built-ins and displayed custom fields. */
  columnIds: string[];
};

const DATE_TEXT = String.raw`'^\d{4}-\d{2}-\d{2}$'`;

/** Typed access to a custom value; a stored value of the wrong JSON type reads as null. */
function customExpression(apiName: string, type: FilterType): (p: SqlParams) => string {
  return (p) => {
    const key = `${p.add(apiName)}::text`;
    const raw = `(t.custom_fields->>${key})`;
    switch (type) {
      case "text":
        return raw;
      case "number":
        return `(CASE WHEN jsonb_typeof(t.custom_fields->${key}) = 'number' THEN ${raw}::numeric END)`;
      case "boolean":
        return `(CASE WHEN jsonb_typeof(t.custom_fields->${key}) = 'boolean' THEN ${raw}::boolean END)`;
      case "date":
        return `(CASE WHEN ${raw} ~ ${DATE_TEXT} THEN ${raw}::date END)`;
    }
  };
}

// Open and past due: the portal's "overdue" (spec 001 §4), relative to the sandbox's today.
const overdueSql = (p: SqlParams, today: string) =>
  `(t.status IN ('Posted', 'Partially paid') AND t.due_date < ${p.add(today)}::date)`;

/** Built-in and custom fields of a list, given the company's custom field definitions. */
export function listFields(module: ListModule, customFields: CustomFieldDefinition[]): ListFields {
  const definition = MODULE_DEFINITIONS[module];
  const filters = new Map<string, FilterField>();
  for (const f of definition.filters) {
    filters.set(f.name, {
      name: f.name,
      type: f.type,
      sql: () => `t.${f.column}`,
      timestamp: f.timestamp ?? false,
      lowerCase: f.lowerCase ?? false,
    });
  }
  for (const cf of customFields) {
    const type = customFilterType(module, cf);
    if (!type) continue;
    filters.set(cf.api_name, {
      name: cf.api_name,
      type,
      sql: customExpression(cf.api_name, type),
      timestamp: false,
      lowerCase: false,
    });
  }
  const sortable = new Map<string, SortColumn>();
  for (const c of definition.columns) {
    const sort = c.sort;
    if (!sort) continue;
    sortable.set(c.id, {
      id: c.id,
      sql:
        sort.kind === "overdue"
          ? overdueSql
          : // Byte order on both backends (see migrations/002_billing.sql).
            () => (sort.text ? `t.${c.id} COLLATE "C"` : `t.${c.id}`),
    });
  }
  const columnIds = [
    ...definition.columns.map((c) => c.id),
    ...customFields.filter((f) => f.display_in_cp).map((f) => customColumnId(f.api_name)),
  ];
  return { module, definition, filters, sortable, customFields, columnIds };
}

/** The sort's column; the decoder lets only sortable ones through, so another is a bug here. */
export function sortColumnOf(fields: ListFields, sort: { column: string }): SortColumn {
  const column = fields.sortable.get(sort.column);
  if (!column) throw new Error(`unsortable column ${sort.column}`);
  return column;
}

/**
 * The columns of an export and their cells. Columns: the company's configuration of the list in
 * the user's saved order (the table's order), minus the excluded ones and the row's PDF link.
 * Headers follow the portal's one naming rule (lib/lists/labels.ts), so a file names its columns
 * as the table does. Cells are spreadsheet values: money and quantities as numbers (the currency
 * has its own column), dates as ISO text, booleans as the portal's Yes/No in the user's language,
 * statuses as the portal shows them. Each column also says what it holds (`kind`), so the XLSX
 * writer can type its cells (dates as dates, amounts with two decimals); the CSV ignores it.
 */
import { customFieldFilterType } from "@billing-portal/contract/filter-options";
import type { ListFields } from "../../lists/fields";
import { invalid } from "../../lists/decode";
import { customColumnId, type ListModule } from "../../lists/modules";
import type { ColumnConfigurationDto } from "../../lists/object-config";
import type { DocumentLocale } from "../display";
import { builtinHeader, EXPORT_WORDS, exportStatus } from "./headers";

/** A spreadsheet cell: text, a number or empty. */
export type Cell = string | number | null;
/**
 * What a column holds: a business day (`YYYY-MM-DD`), an instant (ISO 8601), an amount of money,
 * a usage quantity (4 decimals), another number, or text (Yes/No and statuses included).
 */
export type CellKind = "text" | "date" | "timestamp" | "money" | "quantity" | "number";
export type ExportColumn = {
  id: string;
  header: string;
  kind: CellKind;
  cell: (row: WireRow) => Cell;
};
type WireRow = Record<string, unknown>;

const STAMPS = { created_date: "timestamp", updated_date: "timestamp" } as const;

/** The built-in columns that are not text (the wire's dates, timestamps and decimals). */
const BUILTIN_KINDS: Record<ListModule, Record<string, CellKind>> = {
  invoices: {
    invoice_date: "date",
    due_date: "date",
    invoice_amount: "money",
    balance: "money",
    ...STAMPS,
  },
  payments: {
    payment_date: "date",
    payment_amount: "money",
    applied_amount: "money",
    unapplied_amount: "money",
    refunded_amount: "money",
    ...STAMPS,
  },
  usages: {
    date: "date",
    quantity: "quantity",
    invoice_date: "date",
    billing_start_date: "date",
    billing_end_date: "date",
    ...STAMPS,
  },
  credits: {
    credit_date: "date",
    credit_amount: "money",
    unapplied_amount: "money",
    ...STAMPS,
  },
  statements: {
    statement_date: "date",
    start_date: "date",
    end_date: "date",
    ...STAMPS,
  },
};

/** A custom field's kind by its field_type, as the portal's table types its column (lib/lists/columns.ts). */
function customKind(fieldType: string): CellKind {
  const type = fieldType.trim().toLowerCase();
  if (type === "currency" || type === "money") return "money";
  const filterType = customFieldFilterType(type);
  return filterType === "number" || filterType === "date" ? filterType : "text";
}

/** Columns never written: links that expire (statements' url) are no data. */
const NOT_EXPORTED = new Set(["url"]);
/** Columns the portal's tables add on their own (invoice VIEW links): excluding them is a no-op. */
export const PORTAL_ONLY_COLUMNS: Record<ListModule, string[]> = {
  invoices: ["invoice_pdf"],
  payments: [],
  usages: [],
  credits: [],
  statements: [],
};

const CREDIT_BALANCE_STATUSES = new Set(["processed", "partially refunded"]);

/**
 * The column ids `excludedFields` names. Custom fields may be named `custom_fields.<api_name>` or
 * by their bare api_name (the portal's column ids have no dots) unless that is a built-in column.
 * Anything else is a 400 naming it.
 */
export function resolveExcluded(fields: ListFields, excluded: string[]): Set<string> {
  const builtins = new Set(fields.definition.columns.map((c) => c.id));
  const known = new Set(fields.columnIds);
  const out = new Set<string>();
  excluded.forEach((id, n) => {
    if (PORTAL_ONLY_COLUMNS[fields.module].includes(id)) return;
    if (known.has(id)) out.add(id);
    else if (!builtins.has(id) && known.has(customColumnId(id))) out.add(customColumnId(id));
    else throw invalid(`excludedFields[${n}]: ${fields.module} has no column "${id}"`);
  });
  return out;
}

/** The configured columns in the table's order: the user's saved order first, the rest as configured. */
export function orderColumns<C extends ColumnConfigurationDto>(
  configured: C[],
  savedOrder: string[],
): C[] {
  const rank = new Map(savedOrder.map((id, i) => [id, i]));
  return configured
    .map((c, i) => ({ c, i }))
    .sort((a, b) => {
      const ra = rank.get(a.c.id) ?? savedOrder.length + a.i;
      const rb = rank.get(b.c.id) ?? savedOrder.length + b.i;
      return ra - rb;
    })
    .map(({ c }) => c);
}

function plain(value: unknown, locale: DocumentLocale): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value ? EXPORT_WORDS[locale].yes : EXPORT_WORDS[locale].no;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(String).join(", ");
  // A file_upload value: its file name.
  if (typeof value === "object" && "file_name" in value) {
    const name = (value as { file_name: unknown }).file_name;
    return typeof name === "string" ? name : null;
  }
  return JSON.stringify(value);
}

function builtinCell(module: ListModule, id: string, locale: DocumentLocale) {
  if (id === "status") {
    return (row: WireRow) =>
      typeof row.status === "string" ? exportStatus(module, row.status, locale) : null;
  }
  if (module === "payments" && id === "invoice_totals") {
    // Minor units on the wire; major units, two decimals, in the file.
    return (row: WireRow) =>
      Array.isArray(row.invoice_totals)
        ? row.invoice_totals.map((v) => (Number(v) / 100).toFixed(2)).join(", ")
        : null;
  }
  if (module === "credits" && id === "unapplied_amount") {
    // The portal shows a credit's balance only for Processed and Partially Refunded credits.
    return (row: WireRow) =>
      typeof row.status === "string" && CREDIT_BALANCE_STATUSES.has(row.status.toLowerCase())
        ? plain(row.unapplied_amount, locale)
        : null;
  }
  return (row: WireRow) => plain(row[id], locale);
}

/**
 * The company's name of a column: display_name, else tempLabel (spec 001 §3; this sandbox's entries
 * always carry display_name, possibly blank); blank names none.
 */
function configuredName(c: ColumnConfigurationDto): string | null {
  for (const name of [c.display_name, c.tempLabel]) {
    const trimmed = name?.trim();
    if (trimmed) return trimmed;
  }
  return null;
}

/**
 * A column's header, as the table names it: the company's configured name wins; otherwise a
 * built-in column reads as the portal's translation in `locale` and a custom field keeps its
 * field label. The id is the last resort, as in the table.
 */
export function columnHeader(
  fields: ListFields,
  c: ColumnConfigurationDto,
  locale: DocumentLocale,
): string {
  const configured = configuredName(c);
  if (configured) return configured;
  const custom = customApiName(c.id);
  if (custom !== null) {
    return fields.customFields.find((f) => f.api_name === custom)?.field_label.trim() || custom;
  }
  return builtinHeader(fields.module, c.id, locale) ?? c.id;
}

const CUSTOM_PREFIX = "custom_fields.";

/** The api_name of a custom field's column (`custom_fields.<api_name>`), null for a built-in. */
function customApiName(columnId: string): string | null {
  return columnId.startsWith(CUSTOM_PREFIX) ? columnId.slice(CUSTOM_PREFIX.length) : null;
}

/** The columns written, with their headers in `locale` and how each cell is read from a wire row. */
export function exportColumns(
  fields: ListFields,
  configured: ColumnConfigurationDto[],
  savedOrder: string[],
  excluded: Set<string>,
  locale: DocumentLocale,
): ExportColumn[] {
  const known = new Set(fields.columnIds);
  return orderColumns(configured, savedOrder)
    .filter((c) => known.has(c.id) && !excluded.has(c.id) && !NOT_EXPORTED.has(c.id))
    .map((c) => {
      const header = columnHeader(fields, c, locale);
      const custom = customApiName(c.id);
      if (custom !== null) {
        const fieldType = fields.customFields.find((f) => f.api_name === custom)?.field_type;
        return {
          id: c.id,
          header,
          kind: customKind(fieldType ?? "text"),
          cell: (row: WireRow) =>
            plain((row.custom_fields as Record<string, unknown> | undefined)?.[custom], locale),
        };
      }
      return {
        id: c.id,
        header,
        kind: BUILTIN_KINDS[fields.module][c.id] ?? "text",
        cell: builtinCell(fields.module, c.id, locale),
      };
    });
}

/** Reading a page's rows by id and shaping them as CONTRACT.md §5's rows. */
import type { Queryable, Row } from "../db";
import { visibleCustomValues, type CustomFieldDefinition } from "./custom-fields";
import { MODULE_DEFINITIONS, type ListModule } from "./modules";

type Kind = "text" | "date" | "decimal" | "timestamp" | "boolean" | "list";

const TIMESTAMPS: [string, Kind][] = [
  ["created_date", "timestamp"],
  ["updated_date", "timestamp"],
];

/** The stored columns of each row, in wire order (computed ones are added by toWireRow). */
const ROW_COLUMNS: Record<ListModule, [string, Kind][]> = {
  invoices: [
    ["id", "text"],
    ["invoice_date", "date"],
    ["due_date", "date"],
    ["invoice_amount", "decimal"],
    ["balance", "decimal"],
    ["status", "text"],
    ...TIMESTAMPS,
    ["currency", "text"],
    ["salesforce_id", "text"],
  ],
  payments: [
    ["id", "text"],
    ["payment_date", "date"],
    ["payment_method", "text"],
    ["payment_amount", "decimal"],
    ["status", "text"],
    ["invoice_ids", "list"],
    ["invoice_totals", "list"],
    ["applied_amount", "decimal"],
    ["unapplied_amount", "decimal"],
    ["refunded_amount", "decimal"],
    ["auto_apply", "boolean"],
    ...TIMESTAMPS,
    ["currency", "text"],
  ],
  usages: [
    ["id", "text"],
    ["date", "date"],
    ["description", "text"],
    ["quantity", "decimal"],
    ["unit_of_measure", "text"],
    ["subscription_id", "text"],
    ["charge_id", "text"],
    ["subscription_line_id", "text"],
    ["invoiced", "boolean"],
    ["invoice_id", "text"],
    ["invoice_date", "date"],
    ["billing_start_date", "date"],
    ["billing_end_date", "date"],
    ...TIMESTAMPS,
  ],
  credits: [
    ["id", "text"],
    ["credit_date", "date"],
    ["credit_amount", "decimal"],
    ["unapplied_amount", "decimal"],
    ["currency", "text"],
    ["reference_number", "text"],
    ["status", "text"],
    ...TIMESTAMPS,
  ],
  statements: [
    ["id", "text"],
    ["customer_name", "text"],
    ["statement_date", "date"],
    ["start_date", "date"],
    ["end_date", "date"],
    ...TIMESTAMPS,
  ],
};

// invoice_ids and invoice_totals (minor units) from the payment's applications, in order.
const APPLICATIONS: Record<string, string> = {
  invoice_ids: "a.invoice_id",
  invoice_totals: "round(a.amount * 100)::bigint",
};

function selectExpression(module: ListModule, column: string, kind: Kind): string {
  switch (kind) {
    case "date":
      return `to_char(t.${column}, 'YYYY-MM-DD') AS ${column}`;
    case "decimal":
      return `t.${column}::text AS ${column}`;
    case "list":
      if (module !== "payments") throw new Error(`list column ${column} outside payments`);
      return `COALESCE((SELECT json_agg(${APPLICATIONS[column]} ORDER BY a.position)
                          FROM payment_applications a WHERE a.payment_id = t.id), '[]'::json) AS ${column}`;
    default:
      return `t.${column}`;
  }
}

function wireValue(kind: Kind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case "decimal":
      return Number(value);
    case "timestamp":
      return (value instanceof Date ? value : new Date(String(value))).toISOString();
    case "list":
      return (value as unknown[]).map((v) => (typeof v === "string" ? v : Number(v)));
    default:
      return value;
  }
}

/** Invoice statuses that still carry a balance. */
export const OPEN_INVOICE_STATUSES = ["Posted", "Partially paid"] as const;

export type RowOptions = {
  /** Today in US Eastern time (YYYY-MM-DD): invoices past due_date and open are overdue. */
  today: string;
  /** The signed PDF link of a statement. */
  statementUrl: (statementId: string) => string | null;
};

/** The rows with these ids, in the order of `ids`, shaped for the wire. */
export async function readRows(
  db: Queryable,
  module: ListModule,
  customerId: string,
  ids: string[],
  customFields: CustomFieldDefinition[],
  options: RowOptions,
): Promise<Record<string, unknown>[]> {
  if (ids.length === 0) return [];
  const columns = ROW_COLUMNS[module];
  const rows = await db.query(
    `SELECT ${columns.map(([c, k]) => selectExpression(module, c, k)).join(", ")}, t.custom_fields
       FROM ${MODULE_DEFINITIONS[module].table} t
      WHERE t.customer_id = $1 AND t.id = ANY($2::text[])`,
    [customerId, ids],
  );
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toWireRow(module, row, customFields, options)] : [];
  });
}

function toWireRow(
  module: ListModule,
  row: Row,
  customFields: CustomFieldDefinition[],
  options: RowOptions,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, kind] of ROW_COLUMNS[module]) out[column] = wireValue(kind, row[column]);
  if (module === "invoices") {
    out.overdue =
      (OPEN_INVOICE_STATUSES as readonly unknown[]).includes(row.status) &&
      typeof row.due_date === "string" &&
      row.due_date < options.today;
  }
  if (module === "statements") out.url = options.statementUrl(String(row.id));
  out.custom_fields = visibleCustomValues(customFields, row.custom_fields);
  return out;
}

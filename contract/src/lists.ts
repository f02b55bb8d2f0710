// The five lists' protocol facts (docs/CONTRACT.md §5) that are not schemas: where the rows are,
// the default sort and the built-in filter fields with their types. Plain data, no zod.
import type { ListModule } from "./enums";
import type { FilterValueType } from "./filter-options";

export type ListProtocol = {
  /** `data.<rowsKey>` holds the rows; payments nest them: `data.payments.payments`. */
  rowsKey: ListModule;
  nested: boolean;
  /** The key of `objectConfiguration` for the list. */
  objectKey: string;
  defaultSort: { column: string; direction: "asc" | "desc" };
  /** The built-in filter fields and their types (custom fields add theirs). */
  filters: Readonly<Record<string, FilterValueType>>;
};

const stamps = { created_date: "date", updated_date: "date" } as const;

export const LIST_PROTOCOL: Readonly<Record<ListModule, ListProtocol>> = {
  invoices: {
    rowsKey: "invoices",
    nested: false,
    objectKey: "invoice",
    defaultSort: { column: "invoice_date", direction: "desc" },
    filters: {
      invoice_id: "text",
      date: "date",
      due_date: "date",
      status: "text",
      total: "number",
      balance: "number",
      ...stamps,
    },
  },
  payments: {
    rowsKey: "payments",
    nested: true,
    objectKey: "payment",
    defaultSort: { column: "payment_date", direction: "desc" },
    filters: {
      payment_id: "text",
      payment_date: "date",
      payment_method: "text",
      payment_amount: "number",
      status: "text",
      applied_amount: "number",
      unapplied_amount: "number",
      refunded_amount: "number",
      auto_apply: "boolean",
      ...stamps,
    },
  },
  usages: {
    rowsKey: "usages",
    nested: false,
    objectKey: "usage",
    defaultSort: { column: "date", direction: "desc" },
    filters: {
      id: "text",
      quantity: "number",
      date: "date",
      subscription_id: "text",
      charge_id: "text",
      unit_of_measure: "text",
      description: "text",
      subscription_line_id: "text",
      invoiced: "boolean",
      invoice_id: "text",
      invoice_date: "date",
      start_date: "date",
      end_date: "date",
      ...stamps,
    },
  },
  credits: {
    rowsKey: "credits",
    nested: false,
    objectKey: "credit",
    defaultSort: { column: "credit_date", direction: "desc" },
    filters: {
      credit_id: "text",
      credit_date: "date",
      credit_amount: "number",
      unapplied_amount: "number",
      currency: "text",
      reference_number: "text",
      ...stamps,
    },
  },
  statements: {
    rowsKey: "statements",
    nested: false,
    objectKey: "statements",
    defaultSort: { column: "statement_date", direction: "desc" },
    filters: {
      statement_id: "text",
      statement_date: "date",
      start_date: "date",
      end_date: "date",
      customer_name: "text",
      ...stamps,
    },
  },
};

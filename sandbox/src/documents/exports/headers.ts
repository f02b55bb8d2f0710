/**
 * The portal's names of built-in columns per locale, and the few other words an export prints.
 * They are messages/<locale>/lists.json (the key beside each entry; a test keeps them equal),
 * copied here so the sandbox stands alone. A header uses them only where the company's column
 * configuration names no column (columns.ts), as the portal's table does.
 */
import type { DocumentLocale } from "../display";
import type { ListModule } from "../../lists/modules";

/** [column id, the portal's message key, English, Spanish]. */
type HeaderEntry = [string, string, string, string];

const CREATED: HeaderEntry = ["created_date", "columns.createdDate", "Created", "Creado"];
const UPDATED: HeaderEntry = ["updated_date", "columns.updatedDate", "Updated", "Actualizado"];
const CURRENCY: HeaderEntry = ["currency", "columns.currency", "Currency", "Moneda"];
const STATUS: HeaderEntry = ["status", "columns.status", "Status", "Estado"];

export const HEADER_TABLE: Record<ListModule, HeaderEntry[]> = {
  invoices: [
    ["id", "columns.invoiceId", "Invoice ID", "ID de factura"],
    ["invoice_date", "columns.invoiceDate", "Invoice date", "Fecha de factura"],
    ["due_date", "columns.dueDate", "Due date", "Vencimiento"],
    ["invoice_amount", "columns.invoiceAmount", "Amount", "Importe"],
    ["balance", "columns.balance", "Balance", "Saldo"],
    STATUS,
    ["overdue", "columns.overdue", "Overdue", "Vencida"],
    CURRENCY,
    ["salesforce_id", "columns.salesforceId", "Salesforce ID", "ID de Salesforce"],
    CREATED,
    UPDATED,
  ],
  payments: [
    ["id", "columns.paymentId", "Payment ID", "ID de pago"],
    ["payment_date", "columns.paymentDate", "Payment date", "Fecha de pago"],
    ["payment_method", "columns.paymentMethod", "Payment method", "Método de pago"],
    ["payment_amount", "columns.paymentAmount", "Amount", "Importe"],
    STATUS,
    ["invoice_ids", "columns.invoiceIds", "Invoices", "Facturas"],
    ["invoice_totals", "columns.invoiceTotals", "Invoice totals", "Totales de facturas"],
    ["applied_amount", "columns.appliedAmount", "Applied", "Aplicado"],
    ["unapplied_amount", "columns.unappliedAmount", "Unapplied", "Sin aplicar"],
    ["refunded_amount", "columns.refundedAmount", "Refunded", "Reembolsado"],
    ["auto_apply", "columns.autoApply", "Auto apply", "Aplicación automática"],
    CURRENCY,
    CREATED,
    UPDATED,
  ],
  usages: [
    ["id", "columns.usageId", "Usage ID", "ID de consumo"],
    ["date", "columns.usageDate", "Date", "Fecha"],
    ["description", "columns.description", "Description", "Descripción"],
    ["quantity", "columns.quantity", "Quantity", "Cantidad"],
    ["unit_of_measure", "columns.unitOfMeasure", "Unit", "Unidad"],
    ["subscription_id", "columns.subscriptionId", "Subscription ID", "ID de suscripción"],
    ["charge_id", "filter.fields.chargeId", "Charge ID", "ID de cargo"],
    [
      "subscription_line_id",
      "filter.fields.subscriptionLineId",
      "Subscription line ID",
      "ID de línea de suscripción",
    ],
    ["invoiced", "columns.invoiced", "Invoiced", "Facturado"],
    ["invoice_id", "columns.invoiceId", "Invoice ID", "ID de factura"],
    ["invoice_date", "columns.invoiceDate", "Invoice date", "Fecha de factura"],
    ["billing_start_date", "columns.billingStartDate", "Billing start", "Inicio de facturación"],
    ["billing_end_date", "columns.billingEndDate", "Billing end", "Fin de facturación"],
    CREATED,
    UPDATED,
  ],
  credits: [
    ["id", "columns.creditId", "Credit ID", "ID de crédito"],
    ["credit_date", "columns.creditDate", "Credit date", "Fecha del crédito"],
    ["credit_amount", "columns.creditAmount", "Amount", "Importe"],
    ["unapplied_amount", "columns.balance", "Balance", "Saldo"],
    CURRENCY,
    ["reference_number", "columns.referenceNumber", "Reference", "Referencia"],
    STATUS,
    CREATED,
    UPDATED,
  ],
  statements: [
    ["id", "columns.statementId", "Statement ID", "ID de estado de cuenta"],
    ["customer_name", "columns.customerName", "Customer", "Cliente"],
    ["statement_date", "columns.statementDate", "Statement date", "Fecha del estado de cuenta"],
    ["start_date", "columns.startDate", "Start date", "Fecha de inicio"],
    ["end_date", "columns.endDate", "End date", "Fecha de fin"],
    CREATED,
    UPDATED,
  ],
};

/** The portal's name of a built-in column in a locale, or null when the table has none. */
export function builtinHeader(
  module: ListModule,
  column: string,
  locale: DocumentLocale,
): string | null {
  const entry = HEADER_TABLE[module].find(([id]) => id === column);
  if (!entry) return null;
  return locale === "es" ? entry[3] : entry[2];
}

/** Other words of an export, per locale. */
export const EXPORT_WORDS: Record<
  DocumentLocale,
  {
    yes: string;
    no: string;
    /** The list's name as the tab shows it (sheet names) and inside sentences. */
    tabs: Record<ListModule, string>;
    names: Record<ListModule, string>;
    subject: (list: string) => string;
    ready: (list: string, rows: number, file: string, url: string, days: number) => string;
    failedSubject: (list: string) => string;
    failed: (list: string) => string;
  }
> = {
  en: {
    yes: "Yes",
    no: "No",
    tabs: {
      invoices: "Invoices",
      payments: "Payments",
      usages: "Usages",
      credits: "Credits",
      statements: "Statements",
    },
    names: {
      invoices: "invoices",
      payments: "payments",
      usages: "usages",
      credits: "credits",
      statements: "statements",
    },
    subject: (list) => `Your ${list} export`,
    ready: (list, rows, file, url, days) =>
      `Hello,\n\nYour ${list} export is ready: ${rows} ${rows === 1 ? "row" : "rows"} in ${file} (attached).\n` +
      `You can also download it here for the next ${days} days:\n\n${url}\n`,
    failedSubject: (list) => `Your ${list} export failed`,
    failed: (list) =>
      `Hello,\n\nWe could not create your ${list} export. Nothing was attached.\n` +
      `Please try again from the portal; if it fails again, contact support.\n`,
  },
  es: {
    yes: "Sí",
    no: "No",
    tabs: {
      invoices: "Facturas",
      payments: "Pagos",
      usages: "Consumos",
      credits: "Créditos",
      statements: "Estados de cuenta",
    },
    names: {
      invoices: "facturas",
      payments: "pagos",
      usages: "consumos",
      credits: "créditos",
      statements: "estados de cuenta",
    },
    subject: (list) => `Su exportación de ${list}`,
    ready: (list, rows, file, url, days) =>
      `Hola:\n\nSu exportación de ${list} está lista: ${rows} ${rows === 1 ? "fila" : "filas"} en ${file} (adjunto).\n` +
      `También puede descargarla aquí durante los próximos ${days} días:\n\n${url}\n`,
    failedSubject: (list) => `No se pudo exportar ${list}`,
    failed: (list) =>
      `Hola:\n\nNo pudimos crear su exportación de ${list}. No se adjuntó ningún archivo.\n` +
      `Inténtelo de nuevo desde el portal; si vuelve a fallar, contacte con soporte.\n`,
  },
};

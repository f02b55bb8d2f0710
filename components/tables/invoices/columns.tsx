import { InvoicePdfLink } from "@/components/tables/cells/invoice-pdf-link";
import { OverdueCell } from "@/components/tables/cells/overdue-cell";
import { defineListTable } from "@/components/tables/core/list-spec";
import { InvoiceCard } from "./mobile-card";

/** The invoices list: overdue by the rule, and the PDF asked for when VIEW is clicked. Status shows Posted as Unpaid (by kind). */
export const invoiceTable = defineListTable({
  list: "invoices",
  cells: {
    overdue: (row) => <OverdueCell invoice={row} />,
    invoice_pdf: (row) => <InvoicePdfLink invoiceId={row.id} />,
  },
  MobileCard: InvoiceCard,
});

import { CollapsibleList } from "@/components/tables/cells/collapsible-list";
import { InvoiceTotalsCell } from "@/components/tables/cells/invoice-totals-cell";
import { defineListTable } from "@/components/tables/core/list-spec";
import { PaymentCard } from "./mobile-card";

/** The payments list: the invoices a payment paid and their totals (minor units), collapsed to 2. */
export const paymentTable = defineListTable({
  list: "payments",
  cells: {
    invoice_ids: (row, column) => (
      <CollapsibleList entries={row.invoiceIds} column={column} rowId={row.id} />
    ),
    invoice_totals: (row, column) => <InvoiceTotalsCell payment={row} column={column} />,
  },
  MobileCard: PaymentCard,
});

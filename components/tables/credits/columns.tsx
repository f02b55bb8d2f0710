import { CreditBalanceCell } from "@/components/tables/cells/credit-balance-cell";
import { defineListTable } from "@/components/tables/core/list-spec";
import { CreditCard } from "./mobile-card";

/** The credits list: the balance (unapplied amount) shows only for Processed or Partially Refunded credits. */
export const creditTable = defineListTable({
  list: "credits",
  cells: {
    unapplied_amount: (row) => <CreditBalanceCell credit={row} />,
  },
  MobileCard: CreditCard,
});

import { StatementPdfLink } from "@/components/tables/cells/statement-pdf-link";
import { defineListTable } from "@/components/tables/core/list-spec";
import { StatementCard } from "./mobile-card";

/** The statements list: VIEW opens the statement's own (signed) PDF URL in a new tab, when there is one. */
export const statementTable = defineListTable({
  list: "statements",
  cells: {
    url: (row) => <StatementPdfLink statementId={row.id} url={row.url} />,
  },
  MobileCard: StatementCard,
});

import { defineListTable } from "@/components/tables/core/list-spec";
import { UsageCard } from "./mobile-card";

/** The usages list: every cell follows its kind (invoiced as Yes/No, dates, quantities). */
export const usageTable = defineListTable({
  list: "usages",
  cells: {},
  MobileCard: UsageCard,
});

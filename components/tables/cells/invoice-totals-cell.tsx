"use client";

import { useFormatters } from "@/components/format/formatted-texts";
import type { Payment, ListColumn } from "@/lib/schemas/lists";
import { CollapsibleList } from "./collapsible-list";

/** A payment's invoice totals: minor units shown as money in the payment's currency, collapsed to 2. */
export function InvoiceTotalsCell({ payment, column }: { payment: Payment; column: ListColumn }) {
  const format = useFormatters();
  return (
    <CollapsibleList
      entries={payment.invoiceTotals.map((minor) => format.minorMoney(minor, payment.currency))}
      column={column}
      rowId={payment.id}
    />
  );
}

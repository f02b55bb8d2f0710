"use client";

import { useLocale } from "next-intl";
import { formatMinorMoney } from "@/lib/format/money";
import type { Payment, ListColumn } from "@/lib/schemas/lists";
import { CollapsibleList } from "./collapsible-list";

/** A payment's invoice totals: minor units shown as money in the payment's currency, collapsed to 2. */
export function InvoiceTotalsCell({ payment, column }: { payment: Payment; column: ListColumn }) {
  const locale = useLocale();
  return (
    <CollapsibleList
      entries={payment.invoiceTotals.map((minor) =>
        formatMinorMoney(minor, payment.currency, locale),
      )}
      column={column}
      rowId={payment.id}
    />
  );
}

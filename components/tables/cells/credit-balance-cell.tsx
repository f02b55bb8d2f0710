"use client";

import { useLocale } from "next-intl";
import { formatCreditBalance } from "@/lib/format/status";
import type { Credit } from "@/lib/schemas/lists";

/** A credit's balance: its unapplied amount when Processed or Partially Refunded, otherwise '-'. */
export function CreditBalanceCell({ credit }: { credit: Credit }) {
  const locale = useLocale();
  return (
    <span className="whitespace-nowrap tabular-nums">{formatCreditBalance(credit, locale)}</span>
  );
}

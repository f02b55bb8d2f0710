"use client";

import { BOOLEAN_KEYS } from "@/lib/format/values";
import { isOverdue } from "@/lib/format/status";
import type { Invoice } from "@/lib/schemas/lists";
import { useDynamicText } from "./use-dynamic-text";

/** Overdue Yes/No: the API's computed flag, else the rule (due before today in US Eastern time, and unpaid or partially paid). */
export function OverdueCell({ invoice }: { invoice: Invoice }) {
  const t = useDynamicText();
  const overdue = invoice.overdue ?? isOverdue(invoice);
  return (
    <span className={overdue ? "text-danger font-medium" : undefined}>
      {t(overdue ? BOOLEAN_KEYS.yes : BOOLEAN_KEYS.no)}
    </span>
  );
}

// Status rules of the lists (spec 001 §4): how statuses read, when an invoice is overdue and when
// a credit's balance shows. How a status reads is the contract's (the export files use it too).
import { shownStatus, statusKey, translatedStatus } from "@billing-portal/contract/statuses";
import type { LooseTranslator } from "@/lib/lists/labels";
import type { ListId } from "@/lib/schemas/lists";
import { toCalendarDay, easternToday, toIsoDay } from "./dates";
import { formatMoney } from "./money";
import { EMPTY_VALUE } from "./values";

/**
 * A status as the portal shows it: the invoice status Posted/posted reads 'Unpaid'/'unpaid'
 * (keeping the first letter's case), payment statuses are capitalised, the rest as they are.
 */
export function displayStatus(list: ListId, status: string | null | undefined): string {
  if (!status || status.trim() === "") return EMPTY_VALUE;
  return shownStatus(list, status);
}

/**
 * A status in the reader's language: the display rule above, then the list's fixed vocabulary
 * (`lists.statuses.<list>.<status>`, e.g. 'Partially paid' → `partially_paid`), keeping the first
 * letter's case as the rule does. A status outside the vocabulary reads as the API sent it.
 * `t` is the root translator (every namespace).
 */
export function statusText(
  list: ListId,
  status: string | null | undefined,
  t: LooseTranslator,
): string {
  const shown = displayStatus(list, status);
  if (shown === EMPTY_VALUE) return shown;
  const key = `lists.statuses.${list}.${statusKey(shown)}`;
  return translatedStatus(list, shown, t.has(key) ? t(key) : undefined);
}

/** How a status chip looks: failed payments are red. */
export function statusTone(list: ListId, status: string | null | undefined): "danger" | "neutral" {
  return list === "payments" && status?.toLowerCase() === "failed" ? "danger" : "neutral";
}

const OPEN_INVOICE_STATUSES = new Set(["posted", "unpaid", "partially paid"]);

/** The overdue rule: due date before today in US Eastern time, and status Posted/Unpaid or Partially paid. */
export function isOverdue(
  invoice: { dueDate: string | null; status: string | null },
  now: Date = new Date(),
): boolean {
  const due = toCalendarDay(invoice.dueDate);
  if (!due || !invoice.status || !OPEN_INVOICE_STATUSES.has(invoice.status.trim().toLowerCase()))
    return false;
  return toIsoDay(due) < easternToday(now);
}

const BALANCE_STATUSES = new Set(["processed", "partially refunded"]);

/** Whether a credit shows its balance: only when Processed or Partially Refunded. */
export function showsCreditBalance(status: string | null | undefined): boolean {
  return !!status && BALANCE_STATUSES.has(status.trim().toLowerCase());
}

/** A credit's balance cell: its unapplied amount as money, or '-' for other statuses. */
export function formatCreditBalance(
  credit: { status: string | null; unappliedAmount: number | null; currency: string | null },
  locale = "en",
): string {
  return showsCreditBalance(credit.status)
    ? formatMoney(credit.unappliedAmount, credit.currency, locale)
    : EMPTY_VALUE;
}

// How a list's status reads (spec 001 §4), the same on the portal's screens and in the billing
// API's export files and documents: the invoice status Posted reads Unpaid, payment statuses are
// capitalised, and a shown status names its translation `lists.statuses.<list>.<key>`.
import type { ListModule } from "./enums";

/**
 * A status as the portal shows it in English: Posted/posted reads 'Unpaid'/'unpaid' (keeping the
 * first letter's case), payment statuses are capitalised, the rest as the API sent them.
 */
export function shownStatus(list: ListModule, status: string): string {
  if (list === "invoices" && status.toLowerCase() === "posted")
    return status[0] === "P" ? "Unpaid" : "unpaid";
  if (list === "payments") return status.charAt(0).toUpperCase() + status.slice(1);
  return status;
}

/** The key of a shown status in the lists' vocabulary: 'Partially paid' → `partially_paid`. */
export function statusKey(shown: string): string {
  return shown.trim().toLowerCase().replace(/\s+/g, "_");
}

/**
 * A shown status in a language: its translation from the vocabulary, with the shown status's
 * first letter's case (payments always capitalised), or the shown status when the vocabulary
 * has none for it.
 */
export function translatedStatus(
  list: ListModule,
  shown: string,
  translation: string | undefined,
): string {
  if (translation === undefined) return shown;
  const lower = list !== "payments" && shown[0] !== shown[0]?.toUpperCase();
  return lower ? translation.charAt(0).toLocaleLowerCase() + translation.slice(1) : translation;
}

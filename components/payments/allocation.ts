import type { QuotedInvoice } from "@/lib/schemas/payments";

/**
 * How an amount will be applied, for the dialog to show before paying: oldest due first (the
 * quote's order, the billing API's), each invoice up to its balance. The billing API applies it
 * the same way (docs/CONTRACT.md §7.5) and answers what it did.
 */
export function planAllocation(
  invoices: readonly QuotedInvoice[],
  amount: number,
): Map<string, number> {
  const plan = new Map<string, number>();
  let left = Math.round(amount * 100);
  for (const invoice of invoices) {
    if (left <= 0) break;
    const cents = Math.min(left, Math.round(invoice.balance * 100));
    plan.set(invoice.id, cents / 100);
    left -= cents;
  }
  return plan;
}

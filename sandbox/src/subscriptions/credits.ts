/**
 * Open credits and how they apply to invoices the sandbox issues (sandbox/README.md "Period
 * estimate and invoices"): the oldest credit first, to the earliest invoice first, in the
 * invoice's currency, never more than the invoice's total. The estimate runs the same allocation
 * without writing it.
 */
import type { Queryable } from "../db";

/** A credit with an unapplied balance (cents). */
export type OpenCredit = { id: string; currency: string; open: number };
/** An invoice to be issued, its charges in cents. */
export type CreditTarget = { key: string; currency: string; total: number };
export type CreditUse = { creditId: string; amount: number };

/** The customer's credits with a balance left, oldest first. */
export async function openCredits(q: Queryable, customerId: string): Promise<OpenCredit[]> {
  const rows = await q.query<{ id: string; currency: string; open: string }>(
    `SELECT id, currency, unapplied_amount::text AS open FROM credits
      WHERE customer_id = $1 AND unapplied_amount > 0
        AND status IN ('Processed', 'Partially Refunded')
      ORDER BY credit_date, id`,
    [customerId],
  );
  return rows.map((r) => ({
    id: r.id,
    currency: r.currency,
    open: Math.round(Number(r.open) * 100),
  }));
}

/** What each target takes from the credits, in the targets' order. `credits` is left untouched. */
export function allocateCredits(
  credits: readonly OpenCredit[],
  targets: readonly CreditTarget[],
): Map<string, CreditUse[]> {
  const left = credits.map((c) => ({ ...c }));
  const out = new Map<string, CreditUse[]>();
  for (const t of targets) {
    const uses: CreditUse[] = [];
    let due = t.total;
    for (const c of left) {
      if (due <= 0) break;
      if (c.currency !== t.currency || c.open <= 0) continue;
      const amount = Math.min(c.open, due);
      c.open -= amount;
      due -= amount;
      uses.push({ creditId: c.id, amount });
    }
    out.set(t.key, uses);
  }
  return out;
}

export const usedTotal = (uses: readonly CreditUse[] | undefined) =>
  (uses ?? []).reduce((a, u) => a + u.amount, 0);

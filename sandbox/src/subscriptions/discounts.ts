/**
 * Discounts accepted from an offer (offers.ts, migration 015): a share taken off each period
 * invoice a subscription issues in a window of days, as a line of its own. The estimate and the
 * invoice price it here, the same way.
 */
import type { Queryable } from "../db";
import { cents } from "./preview";
import type { SubscriptionRecord } from "./store";

/** The share (percent) a discount takes off `s`'s period invoice issued on `day`; 0: none. */
export async function discountOn(
  q: Queryable,
  s: Pick<SubscriptionRecord, "id">,
  day: string,
): Promise<number> {
  const [row] = await q.query<{ percent_off: string }>(
    `SELECT percent_off::text AS percent_off FROM subscription_discounts
      WHERE subscription_id = $1 AND after_day < $2::date AND $2::date <= through_day
      ORDER BY after_day DESC LIMIT 1`,
    [s.id, day],
  );
  return row ? Number(row.percent_off) : 0;
}

/** The discount line of an invoice of `total` cents: `percent` of it, rounded half-up, negative. */
export function discountCents(total: number, percent: number): number {
  if (percent <= 0 || total <= 0) return 0;
  return -cents((total * percent) / 100 / 100);
}

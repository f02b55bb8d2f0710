/**
 * A customer's billing "today": its test clock when one is set (POST /__sandbox/test_clocks/advance,
 * as Stripe's test clocks), else today in US Eastern time by the sandbox's clock. Every
 * subscription call of the customer reads the same day, so previews, estimates and issued
 * invoices agree.
 */
import type { Queryable } from "../db";
import { easternDate } from "../lists/business-day";

export async function customerToday(
  q: Queryable,
  customerId: string,
  now: number,
): Promise<string> {
  const [row] = await q.query<{ today: string }>(
    "SELECT today::text AS today FROM billing_clocks WHERE customer_id = $1",
    [customerId],
  );
  const real = easternDate(now);
  // A test clock never runs behind the real calendar.
  return row && row.today > real ? row.today : real;
}

export async function setCustomerToday(
  q: Queryable,
  customerId: string,
  today: string,
): Promise<void> {
  await q.query(
    `INSERT INTO billing_clocks (customer_id, today) VALUES ($1, $2::date)
     ON CONFLICT (customer_id) DO UPDATE SET today = excluded.today`,
    [customerId, today],
  );
}

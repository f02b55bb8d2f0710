/**
 * The company's own export of its customers' subscriptions (the billing system's back office, not
 * a portal call): each subscription with its state, why it was cancelled as the customer said it,
 * and its pause (issue 33 §2: the reason is readable by the company). CSV through csv-stringify,
 * formula-like text neutralised: a customer's note is written by the customer.
 */
import { stringify } from "csv-stringify/sync";
import type { Queryable } from "../db";
import { isPausedOn, pendingPause } from "./pause";
import type { SubscriptionRecord } from "./store";

export const COMPANY_EXPORT_HEADER = [
  "subscription_id",
  "customer_account",
  "customer_name",
  "subscription_name",
  "status",
  "start_date",
  "cancellation_date",
  "cancelled_on",
  "cancellation_reason",
  "cancellation_note",
  "pause_start",
  "resume_date",
];

type Row = Pick<
  SubscriptionRecord,
  | "id"
  | "name"
  | "status"
  | "start_date"
  | "cancellation_date"
  | "cancelled_on"
  | "cancellation_reason_code"
  | "cancellation_reason_text"
  | "pause_start"
  | "pause_resume"
> & { account: string; customer_name: string };

/** The company's subscriptions as CSV, by customer then start date; `today` words "paused". */
export async function companySubscriptionsCsv(
  q: Queryable,
  companyId: string,
  today: (customerId: string) => Promise<string>,
): Promise<string> {
  const rows = await q.query<Row & { customer_id: string }>(
    `SELECT s.id, s.name, s.status, s.start_date::text AS start_date,
            s.cancellation_date::text AS cancellation_date, s.cancelled_on::text AS cancelled_on,
            s.cancellation_reason_code, s.cancellation_reason_text,
            s.pause_start::text AS pause_start, s.pause_resume::text AS pause_resume,
            c.id AS customer_id, c.customer_id AS account, c.name AS customer_name
       FROM subscriptions s JOIN customers c ON c.id = s.customer_id
      WHERE c.company_id = $1
      ORDER BY c.customer_id, s.start_date, s.id`,
    [companyId],
  );
  const records: string[][] = [];
  for (const r of rows) {
    const day = await today(r.customer_id);
    const pause = pendingPause(r, day);
    records.push([
      r.id,
      r.account,
      r.customer_name,
      r.name,
      isPausedOn(r, day) ? "paused" : r.status,
      r.start_date,
      r.cancellation_date ?? "",
      r.cancelled_on ?? "",
      r.cancellation_reason_code ?? "",
      r.cancellation_reason_text ?? "",
      pause?.start ?? "",
      pause?.resume ?? "",
    ]);
  }
  return stringify([COMPANY_EXPORT_HEADER, ...records], { bom: true, escape_formulas: true });
}

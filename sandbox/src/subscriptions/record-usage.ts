/**
 * Records a usage line on a usage-based charge of a customer's active subscription (the billing
 * system's metering feed; POST /__sandbox/usages drives it in tests). The line bills in the cycle
 * that contains its date, as every usage line.
 */
import { z } from "zod";
import type { Queryable } from "../db";
import { ApiError } from "../http";
import { easternInstant } from "../lists/business-day";
import { isPausedOn } from "./pause";
import { findSubscription } from "./store";

export const usageRecordBody = z.object({
  email: z.string().trim().min(1).max(254),
  company: z.string().trim().min(1).max(200).optional(),
  subscription_id: z.string().trim().min(1).max(64),
  /** The charge line (SCH-…) or the usage reference it bills (usages.charge_id). */
  charge_id: z.string().trim().min(1).max(64),
  quantity: z.number().positive().max(1e9).multipleOf(0.0001),
  date: z.iso.date({ error: "date must be a day, YYYY-MM-DD" }),
});
export type UsageRecord = Omit<z.output<typeof usageRecordBody>, "email" | "company">;

const invalid = (message: string) => new ApiError(422, "validation", message);

export async function recordUsage(
  q: Queryable,
  customerId: string,
  today: string,
  record: UsageRecord,
): Promise<{
  id: string;
  date: string;
  quantity: number;
  unit_of_measure: string;
  charge_id: string;
}> {
  const s = await findSubscription(q, customerId, record.subscription_id);
  if (!s) throw invalid(`The customer has no subscription ${record.subscription_id}`);
  // A cancelled subscription is in service until its cancellation's effective date.
  const inService =
    s.status === "active" ||
    (s.status === "cancelled" && s.cancellation_date !== null && record.date < s.cancellation_date);
  if (!inService) throw invalid("Usage is recorded on subscriptions in service only");
  if (isPausedOn(s, record.date)) throw invalid(`${s.id} is paused on ${record.date}`);
  const line = s.plans
    .flatMap((p) => p.charges)
    .find((c) => c.id === record.charge_id || c.usage_charge_ref === record.charge_id);
  if (!line || line.pricing_model !== "usage_based" || line.usage_charge_ref === null)
    throw invalid(`${record.charge_id} is not a usage-based charge of ${s.id}`);
  if (record.date < s.start_date || record.date > today)
    throw invalid(`The date must lie between ${s.start_date} and the customer's today, ${today}`);
  const [seq] = await q.query<{ n: string }>("SELECT nextval('issued_document_seq')::text AS n");
  const id = `USG-${seq?.n ?? "0"}`;
  const stamp = easternInstant(today, 12 * 3600).toISOString();
  const unit = line.unit_of_measure ?? "units";
  await q.query(
    `INSERT INTO usages (id, customer_id, date, description, quantity, unit_of_measure,
                         subscription_id, charge_id, subscription_line_id, created_date, updated_date)
     VALUES ($1, $2, $3::date, $4, $5, $6, $7, $8, $9, $10, $10)`,
    [
      id,
      customerId,
      record.date,
      line.name,
      record.quantity,
      unit,
      s.id,
      line.usage_charge_ref,
      line.id,
      stamp,
    ],
  );
  return {
    id,
    date: record.date,
    quantity: record.quantity,
    unit_of_measure: unit,
    charge_id: line.usage_charge_ref,
  };
}

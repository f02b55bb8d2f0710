/**
 * Writing the activity log (sandbox/README.md "Activity"): one entry per change, inside the
 * transaction of the change it records, so a refused or rolled-back change leaves none.
 */
import {
  ACTIVITY_DETAILS,
  type ActivityDetails,
  type ActivityKind,
} from "@billing-portal/contract/wire/activity";
import type { Queryable } from "../db";

/**
 * Who made a change. A portal user is named by id and e-mail (both null on a hosted page reached
 * by a signed link: someone holding the customer's link); the company is its back office.
 */
export type Actor =
  | { kind: "user"; userId: string | null; email: string | null }
  | { kind: "company" }
  | { kind: "system" };

/** The actor of a signed-in user's call. */
export const userActor = (user: { id: string; email: string }): Actor => ({
  kind: "user",
  userId: user.id,
  email: user.email,
});

/** The billing system itself (the clock, usage feeds). */
export const systemActor: Actor = { kind: "system" };

/** The company's back office. */
export const companyActor: Actor = { kind: "company" };

/** Someone on a hosted page opened by the customer's signed link (not signed in). */
export const linkActor: Actor = { kind: "user", userId: null, email: null };

export type ActivityEntry<K extends ActivityKind> = {
  kind: K;
  actor: Actor;
  /** What it is about: a payment method, subscription, factor or payment id. */
  subjectId: string | null;
  details: ActivityDetails<K>;
  at: number;
};

function columns<K extends ActivityKind>(entry: ActivityEntry<K>): unknown[] {
  // Checked against the contract here, so a wrong shape fails the change, not the reader.
  const details = ACTIVITY_DETAILS[entry.kind].parse(entry.details);
  const { actor } = entry;
  return [
    actor.kind === "user" ? actor.userId : null,
    actor.kind === "user" ? actor.email : null,
    actor.kind,
    entry.kind,
    entry.subjectId,
    JSON.stringify(details),
    new Date(entry.at),
  ];
}

/**
 * Records one change of a customer's account (of that company, when `companyId` is given: an
 * account scope). Call it in the change's transaction.
 */
export async function recordActivity<K extends ActivityKind>(
  q: Queryable,
  customer: { companyId?: string; customerId: string },
  entry: ActivityEntry<K>,
): Promise<void> {
  await q.query(
    `INSERT INTO customer_activity
       (company_id, customer_id, actor_user_id, actor_email, actor_kind, kind, subject_id, details, at)
     SELECT company_id, id, $3, $4, $5, $6, $7, $8::jsonb, $9
       FROM customers WHERE id = $2 AND ($1::text IS NULL OR company_id = $1)`,
    [customer.companyId ?? null, customer.customerId, ...columns(entry)],
  );
}

/**
 * Records a change of a user's own sign-in (password, second factor) on every customer the user
 * is linked to: each of those accounts is reachable through it, so each one's log shows it.
 */
export async function recordUserActivity<K extends ActivityKind>(
  q: Queryable,
  userId: string,
  entry: ActivityEntry<K>,
): Promise<void> {
  await q.query(
    `INSERT INTO customer_activity
       (company_id, customer_id, actor_user_id, actor_email, actor_kind, kind, subject_id, details, at)
     SELECT c.company_id, c.id, $2, $3, $4, $5, $6, $7::jsonb, $8
       FROM user_customers uc JOIN customers c ON c.id = uc.customer_id
      WHERE uc.user_id = $1`,
    [userId, ...columns(entry)],
  );
}

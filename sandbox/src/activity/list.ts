/** Reading the activity log: GET /v1/customers/{customerId}/activity (docs/CONTRACT.md §1). */
import {
  activityEntryDto,
  activityRange,
  type ActivityActorDto,
  type ActivityPageDto,
  type ActivityQuery,
} from "@billing-portal/contract/wire/activity";
import type { Queryable } from "../db";
import { notFound } from "../http";

type ActivityRow = {
  id: string | number;
  kind: string;
  at: Date;
  actor_kind: ActivityActorDto["kind"];
  actor_email: string | null;
  company_name: string;
  subject_id: string | null;
  details: unknown;
};

/**
 * The customer a user may read the log of, named by id or account number: one of the user's
 * company that the user is linked to. Any other (another company's, not linked, unknown) is a
 * 404, the same answer, so the call tells nobody which customers exist.
 */
export async function linkedCustomer(
  q: Queryable,
  user: { id: string; company_id: string },
  key: string,
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `SELECT c.id FROM customers c JOIN user_customers uc ON uc.customer_id = c.id
      WHERE uc.user_id = $1 AND c.company_id = $2 AND (c.id = $3 OR c.customer_id = $3)
      ORDER BY (c.id = $3) DESC LIMIT 1`,
    [user.id, user.company_id, key],
  );
  if (!row) throw notFound("Customer not found");
  return row.id;
}

function actorOf(row: ActivityRow): ActivityActorDto {
  if (row.actor_kind === "user") return { kind: "user", email: row.actor_email, name: null };
  if (row.actor_kind === "company") return { kind: "company", email: null, name: row.company_name };
  return { kind: "system", email: null, name: null };
}

/** One page of the customer's entries, newest first (ties: the later written first). */
export async function listActivity(
  q: Queryable,
  customerId: string,
  query: ActivityQuery,
): Promise<ActivityPageDto> {
  const { from, until } = activityRange(query);
  const where = `a.customer_id = $1
      AND ($2::text[] IS NULL OR a.kind = ANY($2::text[]))
      AND ($3::timestamptz IS NULL OR a.at >= $3)
      AND ($4::timestamptz IS NULL OR a.at < $4)`;
  const params = [customerId, query.kind ?? null, from, until];
  const [count] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM customer_activity a WHERE ${where}`,
    params,
  );
  const rows = await q.query<ActivityRow>(
    `SELECT a.id, a.kind, a.at, a.actor_kind, a.actor_email, co.name AS company_name,
            a.subject_id, a.details
       FROM customer_activity a JOIN companies co ON co.id = a.company_id
      WHERE ${where}
      ORDER BY a.at DESC, a.id DESC
      LIMIT $5 OFFSET $6`,
    [...params, query.page_size, (query.page - 1) * query.page_size],
  );
  return {
    // Parsed, not cast: a stored entry the contract no longer reads fails loudly here.
    items: rows.map((r) =>
      activityEntryDto.parse({
        id: String(r.id),
        kind: r.kind,
        at: new Date(r.at).toISOString(),
        actor: actorOf(r),
        subject_id: r.subject_id,
        details: r.details,
      }),
    ),
    page: query.page,
    page_size: query.page_size,
    total: Number(count?.n ?? 0),
  };
}

/** Portal users: lookup, registration, password and e-mail verification, the selected customer. */
import { randomUUID } from "node:crypto";
import type { Queryable } from "../db";

export type UserRow = {
  id: string;
  company_id: string;
  email: string;
  password_hash: string;
  email_verified: boolean;
  customer_id: string | null;
  selected_customer_id: string | null;
};

export type UserDto = {
  id: string;
  email: string;
  company_id: string;
  customer_id: string;
  selected_customer_id: string | null;
};

/** The wire shape of a user (CONTRACT §1 UserDto). */
export const toUserDto = (u: UserRow): UserDto => ({
  id: u.id,
  email: u.email,
  company_id: u.company_id,
  customer_id: u.customer_id ?? "",
  selected_customer_id: u.selected_customer_id,
});

/** The customer a user acts for: the selected one, else their own; billing lists are scoped to it. */
export const selectedCustomerId = (
  u: Pick<UserRow, "selected_customer_id" | "customer_id">,
): string | null => u.selected_customer_id ?? u.customer_id;

const USER_COLUMNS =
  "id, company_id, email, password_hash, email_verified, customer_id, selected_customer_id";

/** The user of this company with this e-mail (case-insensitive), or null. */
export async function findUserByEmail(
  q: Queryable,
  companyId: string,
  email: string,
): Promise<UserRow | null> {
  const rows = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE company_id = $1 AND lower(email) = lower($2)`,
    [companyId, email.trim()],
  );
  return rows[0] ?? null;
}

/** The user with this id, or null. */
export async function findUserById(q: Queryable, id: string): Promise<UserRow | null> {
  const rows = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Users with this e-mail in any company (punch-out control endpoint). */
export async function findUsersByEmailAnyCompany(q: Queryable, email: string): Promise<UserRow[]> {
  return q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1) ORDER BY company_id`,
    [email.trim()],
  );
}

/** Creates an unverified user linked to (and acting for) one customer; returns the new id. */
export async function createUser(
  q: Queryable,
  now: number,
  input: { companyId: string; email: string; passwordHash: string; customerId: string },
): Promise<string> {
  const userId = randomUUID();
  await q.query(
    `INSERT INTO users (id, company_id, email, password_hash, email_verified, customer_id, selected_customer_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, false, $5, $5, $6, $6)`,
    [userId, input.companyId, input.email, input.passwordHash, input.customerId, new Date(now)],
  );
  await q.query("INSERT INTO user_customers (user_id, customer_id, position) VALUES ($1, $2, 0)", [
    userId,
    input.customerId,
  ]);
  return userId;
}

/** Sets a new password; the address counts as verified (the reset link proved the mailbox). */
export async function setPassword(
  q: Queryable,
  now: number,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await q.query(
    "UPDATE users SET password_hash = $2, email_verified = true, updated_at = $3 WHERE id = $1",
    [userId, passwordHash, new Date(now)],
  );
}

/** Marks the user's e-mail verified: by user id, or by company and address when the token has no user. */
export async function markEmailVerified(
  q: Queryable,
  now: number,
  who: { userId: string } | { companyId: string; email: string },
): Promise<void> {
  if ("userId" in who) {
    await q.query("UPDATE users SET email_verified = true, updated_at = $2 WHERE id = $1", [
      who.userId,
      new Date(now),
    ]);
  } else {
    await q.query(
      "UPDATE users SET email_verified = true, updated_at = $3 WHERE company_id = $1 AND lower(email) = lower($2)",
      [who.companyId, who.email, new Date(now)],
    );
  }
}

/** Records the customer the user acts for (the caller has checked the link). */
export async function selectCustomer(
  q: Queryable,
  now: number,
  userId: string,
  customerId: string,
): Promise<void> {
  await q.query("UPDATE users SET selected_customer_id = $2, updated_at = $3 WHERE id = $1", [
    userId,
    customerId,
    new Date(now),
  ]);
}

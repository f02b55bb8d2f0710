/** Customers (billing accounts) of a company, and which of them a user may act for. */
import { randomBytes } from "node:crypto";
import type { Queryable } from "../db";

export type CustomerRow = { id: string; company_id: string; customer_id: string; name: string };

export type CustomerDto = { id: string; customer_id: string; name: string };

/** The wire shape of a customer (CONTRACT §1 CustomerDto). */
export const toCustomerDto = (c: CustomerRow): CustomerDto => ({
  id: c.id,
  customer_id: c.customer_id,
  name: c.name,
});

/** The customers linked to a user, in the user's order. */
export async function listUserCustomers(q: Queryable, userId: string): Promise<CustomerRow[]> {
  return q.query<CustomerRow>(
    `SELECT c.id, c.company_id, c.customer_id, c.name
       FROM user_customers uc JOIN customers c ON c.id = uc.customer_id
      WHERE uc.user_id = $1
      ORDER BY uc.position, c.customer_id`,
    [userId],
  );
}

/** A customer of this company named by its id or its account number. */
export async function findCompanyCustomer(
  q: Queryable,
  companyId: string,
  key: string,
): Promise<CustomerRow | null> {
  const rows = await q.query<CustomerRow>(
    `SELECT id, company_id, customer_id, name FROM customers
      WHERE company_id = $1 AND (id = $2 OR customer_id = $2)
      ORDER BY (id = $2) DESC LIMIT 1`,
    [companyId, key],
  );
  return rows[0] ?? null;
}

/** A fresh customer id (`cus_` + 16 hex digits). */
export function newCustomerId(): string {
  return `cus_${randomBytes(8).toString("hex")}`;
}

/** Creates a customer with the next free account number CUST-n of the company. */
export async function createCustomer(
  q: Queryable,
  companyId: string,
  name: string,
): Promise<CustomerRow> {
  const [max] = await q.query<{ n: number | null }>(
    `SELECT max(substring(customer_id FROM '^CUST-([0-9]+)$')::int) AS n FROM customers WHERE company_id = $1`,
    [companyId],
  );
  const next = Number(max?.n ?? 1000) + 1;
  const row: CustomerRow = {
    id: newCustomerId(),
    company_id: companyId,
    customer_id: `CUST-${next}`,
    name,
  };
  await q.query(
    "INSERT INTO customers (id, company_id, customer_id, name) VALUES ($1, $2, $3, $4)",
    [row.id, row.company_id, row.customer_id, row.name],
  );
  return row;
}

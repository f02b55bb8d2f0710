/** GET /v1/paymentMethods/getAchCreditDetails: the bank details a customer sends transfers to. */
import type { AchCreditDetailsDto } from "@billing-portal/contract/wire/account";
import type { Queryable } from "../db";
import { notFound } from "../http";
import type { AccountScope } from "./scope";

export type { AchCreditDetailsDto };

/**
 * The customer's bank-transfer details. None (customers of a company not on stripe, or without a
 * cash balance) → 404, which the portal reads as "hide the section".
 */
export async function getAchCreditDetails(
  q: Queryable,
  scope: AccountScope,
): Promise<AchCreditDetailsDto> {
  const [row] = await q.query<{
    account_number: string;
    routing_number: string;
    swift_code: string | null;
    bank_name: string;
    cash_balance: string | number;
  }>(
    `SELECT a.account_number, a.routing_number, a.swift_code, a.bank_name, a.cash_balance
       FROM ach_credit_details a JOIN customers c ON c.id = a.customer_id
      WHERE a.customer_id = $1 AND c.company_id = $2`,
    [scope.customerId, scope.companyId],
  );
  if (!row) throw notFound("No bank-transfer details for this account");
  return {
    account_number: row.account_number,
    routing_number: row.routing_number,
    swift_code: row.swift_code,
    bank_name: row.bank_name,
    // numeric arrives as a string from both drivers.
    cash_balance: Number(row.cash_balance),
  };
}

/**
 * The strict company (POST /__sandbox/companies/strict): a company of its own at
 * `strict.localhost` whose sign-in policy requires a second factor (migration 019), with a Stripe
 * gateway and two tabs. Users come by invitation (POST /__sandbox/invitations {company:"strict"}),
 * each with a new customer. Not part of the seed: tests that need the policy create it, and no
 * other test's sign-in changes; a reset removes it.
 */
import type { Db } from "../db";

export const STRICT_COMPANY_ID = "strict";
export const STRICT_DOMAIN = "strict.localhost";
export const STRICT_NAME = "Initech Power";

/** Creates the strict company once (a second call finds it there). */
export async function seedStrictCompany(
  db: Db,
): Promise<{ companyId: string; domain: string; name: string }> {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO companies (id, name, domain, primary_color, enabled_tabs, gateway, second_factor_policy)
       VALUES ($1, $2, $3, '#7c3aed', $4, 'stripe', 'required')
       ON CONFLICT (id) DO NOTHING`,
      [STRICT_COMPANY_ID, STRICT_NAME, STRICT_DOMAIN, JSON.stringify(["invoices", "payments"])],
    );
    await tx.query(
      `INSERT INTO company_gateways (company_id, site, accept_cvv, test_enabled, allowed_cards, api_key, account_id, ach_enabled, cc_enabled)
       VALUES ($1, NULL, false, true, $2, 'pk_test_sandbox_strict', 'acct_sandbox_strict', false, true)
       ON CONFLICT (company_id) DO NOTHING`,
      [STRICT_COMPANY_ID, JSON.stringify(["visa", "mastercard"])],
    );
  });
  return { companyId: STRICT_COMPANY_ID, domain: STRICT_DOMAIN, name: STRICT_NAME };
}

/** A company's payment gateway setup (spec 000 §3 "Gateway setup"), as the payment-method list carries it. */
import type { GatewayDto } from "@billing-portal/contract/wire/account";
import type { Queryable } from "../db";
import { notFound } from "../http";

export type { GatewayDto };

type GatewayRow = {
  name: string;
  site: string | null;
  accept_cvv: boolean | null;
  test_enabled: boolean | null;
  allowed_cards: string[] | null;
  api_key: string | null;
  account_id: string | null;
  ach_enabled: boolean | null;
  cc_enabled: boolean | null;
};

/** `stripe` or `cardconnect`: the part of the gateway's name before a dash, lower-cased (spec 000 §9). */
export function gatewayFamily(name: string): string {
  return (name.split("-")[0] ?? "").trim().toLowerCase();
}

/** Card brand names as allowed_cards spells them ('diners' is 'dinersclub'). */
export function normaliseBrand(brand: string): string {
  const b = brand
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, "");
  if (b === "diners" || b === "dinersclub") return "dinersclub";
  if (b === "americanexpress") return "amex";
  return b;
}

/**
 * The company's gateway. A company without a setup row gets one with neither cards nor bank
 * accounts enabled (the portal then shows its "payment methods disabled" alert).
 */
export async function getGateway(q: Queryable, companyId: string): Promise<GatewayDto> {
  const [row] = await q.query<GatewayRow>(
    `SELECT c.gateway AS name, g.site, g.accept_cvv, g.test_enabled, g.allowed_cards, g.api_key,
            g.account_id, g.ach_enabled, g.cc_enabled
       FROM companies c LEFT JOIN company_gateways g ON g.company_id = c.id
      WHERE c.id = $1`,
    [companyId],
  );
  if (!row) throw notFound("Company not found");
  return {
    name: row.name,
    gateway_configuration: { site: row.site, accept_cvv: row.accept_cvv ?? false },
    test_enabled: row.test_enabled === false ? "false" : "true",
    allowed_cards: (row.allowed_cards ?? []).map(normaliseBrand),
    api_key: row.api_key,
    account_id: row.account_id,
    ach_enabled: row.ach_enabled ?? false,
    cc_enabled: row.cc_enabled ?? false,
  };
}

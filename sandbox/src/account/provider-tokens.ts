/**
 * What the payment provider knows about a token it issued: the account API's one question to the
 * provider. The sandbox asks its provider doubles' vault (src/doubles/vault.ts): Stripe payment
 * methods (`pm_…`) and CardSecure tokens. Full numbers never reach this API or its database.
 */
import { lookupCardConnectToken, lookupProviderPaymentMethod } from "../doubles/vault";
import { normaliseBrand } from "./gateway";

export type ProviderTokenInfo = {
  token: string;
  kind: "card" | "bank";
  /** As allowed_cards spells it (`dinersclub`); null for bank accounts. */
  brand: string | null;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  bankName: string | null;
};

/** The token's card or bank account as the gateway's provider (`stripe`, `cardconnect`) knows it, or null. */
export function findProviderToken(gateway: string, token: string): ProviderTokenInfo | null {
  if (gateway === "stripe") {
    const pm = lookupProviderPaymentMethod(token);
    if (!pm) return null;
    return pm.kind === "card"
      ? {
          token,
          kind: "card",
          brand: normaliseBrand(pm.brand),
          last4: pm.last4,
          expMonth: pm.expMonth,
          expYear: pm.expYear,
          bankName: null,
        }
      : {
          token,
          kind: "bank",
          brand: null,
          last4: pm.last4,
          expMonth: null,
          expYear: null,
          bankName: pm.bankName,
        };
  }
  if (gateway === "cardconnect") {
    const record = lookupCardConnectToken(token);
    if (!record) return null;
    return {
      token,
      kind: record.kind,
      brand: record.brand ? normaliseBrand(record.brand) : null,
      last4: record.last4,
      expMonth: record.expMonth,
      expYear: record.expYear,
      bankName: null,
    };
  }
  return null;
}

/**
 * What the fake providers know about the tokens they issued: Stripe payment methods and setup
 * intents, CardConnect (CardSecure) tokens. In memory only, like a provider's test mode seen from
 * outside: the sandbox's account API looks tokens up here to learn the brand, last four digits and
 * expiry of what the portal sends. Full card and account numbers are never kept.
 */
import type { DeclineCode } from "@billing-portal/contract/enums";
import type { DetectedBrand } from "./card-rules";

/** A payment method created through the Stripe double (card element or us_bank_account). */
export type ProviderPaymentMethod =
  | {
      id: string;
      provider: "stripe";
      kind: "card";
      brand: DetectedBrand;
      last4: string;
      expMonth: number;
      expYear: number;
      holderName: string | null;
      email: string | null;
      createdAt: number;
      /** Saved without a fault, declined when charged (Stripe's 4000 0000 0000 0341 and kin). */
      chargeDecline?: DeclineCode;
    }
  | {
      id: string;
      provider: "stripe";
      kind: "bank";
      last4: string;
      routingNumber: string;
      bankName: string;
      accountHolderType: "individual" | "company";
      accountType: "checking" | "savings";
      holderName: string | null;
      email: string | null;
      createdAt: number;
    };

export type SetupIntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "succeeded"
  | "canceled";

/** A Stripe SetupIntent of the double. */
export type ProviderSetupIntent = {
  id: string;
  clientSecret: string;
  status: SetupIntentStatus;
  paymentMethodTypes: ("card" | "us_bank_account")[];
  paymentMethod: string | null;
  customer: string | null;
  usage: "off_session" | "on_session";
  description: string | null;
  createdAt: number;
  /** Unix seconds the microdeposits "arrive" (us_bank_account awaiting verification). */
  microdepositsArrivalDate: number | null;
};

/** A CardSecure token issued by the CardConnect tokenizer double. */
export type CardConnectTokenRecord = {
  token: string;
  kind: "card" | "bank";
  /** Card brand (Stripe's names, e.g. `diners`); null for bank accounts. */
  brand: DetectedBrand | null;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  /** Whether a CVV was entered with the card (the tokenizer keeps it with the token). */
  cvvProvided: boolean;
  /** ABA routing number of a bank account; null for cards. */
  routingNumber: string | null;
  createdAt: number;
};

/** Records kept per kind; the oldest go first (a test run never comes close). */
export const VAULT_LIMIT = 10_000;

function remember<V>(map: Map<string, V>, key: string, value: V): V {
  map.delete(key);
  map.set(key, value);
  while (map.size > VAULT_LIMIT) {
    const oldest = map.keys().next().value;
    if (oldest === undefined) break;
    map.delete(oldest);
  }
  return value;
}

const paymentMethods = new Map<string, ProviderPaymentMethod>();
const setupIntents = new Map<string, ProviderSetupIntent>();
const cardConnectTokens = new Map<string, CardConnectTokenRecord>();

export function storePaymentMethod(pm: ProviderPaymentMethod): ProviderPaymentMethod {
  return remember(paymentMethods, pm.id, pm);
}

export function storeSetupIntent(si: ProviderSetupIntent): ProviderSetupIntent {
  return remember(setupIntents, si.id, si);
}

export function storeCardConnectToken(record: CardConnectTokenRecord): CardConnectTokenRecord {
  return remember(cardConnectTokens, record.token, record);
}

/**
 * Stripe test mode's fixed PaymentMethods (`pm_card_visa` and the charge-time declines), known to
 * every account as in Stripe, so a test can save a card that fails only when charged.
 */
const FIXED_PAYMENT_METHODS: Record<string, Partial<ProviderPaymentMethod & { kind: "card" }>> = {
  pm_card_visa: { brand: "visa", last4: "4242" },
  pm_card_chargeDeclined: { brand: "visa", last4: "0341", chargeDecline: "card_declined" },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: "visa",
    last4: "9995",
    chargeDecline: "insufficient_funds",
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: "visa",
    last4: "0069",
    chargeDecline: "expired_card",
  },
};

function fixedPaymentMethod(id: string): ProviderPaymentMethod | null {
  const fixed = FIXED_PAYMENT_METHODS[id];
  if (!fixed) return null;
  return {
    id,
    provider: "stripe",
    kind: "card",
    brand: fixed.brand ?? "visa",
    last4: fixed.last4 ?? "4242",
    expMonth: 12,
    expYear: 2099,
    holderName: null,
    email: null,
    createdAt: 0,
    ...(fixed.chargeDecline && { chargeDecline: fixed.chargeDecline }),
  };
}

/** A payment method (`pm_…`) the Stripe double created (or one of Stripe's fixed test ones), else null. */
export function lookupProviderPaymentMethod(id: string): ProviderPaymentMethod | null {
  return paymentMethods.get(id) ?? fixedPaymentMethod(id);
}

/** A SetupIntent (`seti_…`) of the Stripe double, or null. */
export function lookupProviderSetupIntent(id: string): ProviderSetupIntent | null {
  return setupIntents.get(id) ?? null;
}

/** A token the CardConnect tokenizer double issued, or null if it never did. */
export function lookupCardConnectToken(token: string): CardConnectTokenRecord | null {
  return cardConnectTokens.get(token) ?? null;
}

/** Forgets everything (POST /__sandbox/reset). */
export function resetProviderVault(): void {
  paymentMethods.clear();
  setupIntents.clear();
  cardConnectTokens.clear();
}

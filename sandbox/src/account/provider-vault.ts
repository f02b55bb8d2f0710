/**
 * The test providers' token vault. A real provider turns a card or bank account into a token and
 * later tells the merchant its brand, last four digits and expiry; here the sandbox's provider
 * doubles and its hosted add-payment page call tokenizeCard / tokenizeBankAccount, and
 * POST /v1/paymentMethods reads the details back with findProviderToken. Full numbers never reach
 * the database.
 */
import { randomBytes, randomInt } from "node:crypto";
import type { Queryable } from "../db";
import { normaliseBrand } from "./gateway";
import { looksLikeRawNumber, luhnValid } from "./raw-numbers";

export type ProviderGateway = "stripe" | "cardconnect";

/** Stripe's documented test numbers the sandbox gives an outcome other than success. */
export const TEST_CARD_OUTCOMES: Record<string, { code: string; message: string }> = {
  "4000000000000002": { code: "card_declined", message: "Your card was declined." },
  "4000000000009995": {
    code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  "4000000000000069": { code: "expired_card", message: "Your card has expired." },
};

/** Stripe test numbers that succeed, one per brand (the hosted page lists them). */
export const TEST_CARDS = [
  { number: "4242424242424242", brand: "visa" },
  { number: "5555555555554444", brand: "mastercard" },
  { number: "378282246310005", brand: "amex" },
  { number: "3056930009020004", brand: "dinersclub" },
  { number: "6011111111111117", brand: "discover" },
  { number: "3566002020360505", brand: "jcb" },
] as const;

/** The brand of a card number by its prefix (the networks' published ranges), or `unknown`. */
export function detectBrand(number: string): string {
  const n = number;
  const p2 = Number(n.slice(0, 2));
  const p3 = Number(n.slice(0, 3));
  const p4 = Number(n.slice(0, 4));
  if (n.startsWith("4")) return "visa";
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return "mastercard";
  if (p2 === 34 || p2 === 37) return "amex";
  if (p2 === 36 || p2 === 38 || p2 === 39 || (p3 >= 300 && p3 <= 305)) return "dinersclub";
  if (n.startsWith("6011") || p2 === 65 || (p3 >= 644 && p3 <= 649)) return "discover";
  if (p4 >= 3528 && p4 <= 3589) return "jcb";
  if (p2 === 62) return "unionpay";
  return "unknown";
}

/** Digits only, or null unless 12–19 digits that pass the Luhn check. */
export function parseCardNumber(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return null;
  return digits;
}

const BASE62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Stripe-style id: prefix and 24 base62 characters, never containing a number-like digit run. */
function stripeStyleId(prefix: string): string {
  for (;;) {
    const body = [...randomBytes(24)].map((b) => BASE62[b % 62]).join("");
    if (!looksLikeRawNumber(body)) return `${prefix}${body}`;
  }
}

/** CardSecure-style token: 16 digits, a leading 9, the last four digits of the account. */
function cardSecureToken(last4: string): string {
  const middle = Array.from({ length: 11 }, () => String(randomInt(10))).join("");
  return `9${middle}${last4}`;
}

function newToken(gateway: ProviderGateway, last4: string): string {
  return gateway === "stripe" ? stripeStyleId("pm_") : cardSecureToken(last4);
}

export type ProviderTokenRow = {
  token: string;
  gateway: ProviderGateway;
  kind: "card" | "bank";
  brand: string | null;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  holder_name: string | null;
  bank_name: string | null;
};

/** Stores what the provider knows about a card (brand, last four, expiry) and returns its token. */
export async function tokenizeCard(
  q: Queryable,
  input: {
    gateway: ProviderGateway;
    /** Digits only (see parseCardNumber). Only its last four digits are stored. */
    number: string;
    expMonth: number;
    expYear: number;
    holderName: string | null;
    now: number;
  },
): Promise<{ token: string; brand: string; last4: string }> {
  const last4 = input.number.slice(-4);
  const brand = normaliseBrand(detectBrand(input.number));
  const token = newToken(input.gateway, last4);
  await q.query(
    `INSERT INTO provider_tokens (token, gateway, kind, brand, last4, exp_month, exp_year, holder_name, created_at)
     VALUES ($1, $2, 'card', $3, $4, $5, $6, $7, $8)`,
    [
      token,
      input.gateway,
      brand,
      last4,
      input.expMonth,
      input.expYear,
      input.holderName,
      new Date(input.now),
    ],
  );
  return { token, brand, last4 };
}

/** Stores what the provider knows about a bank account (last four, bank name) and returns its token. */
export async function tokenizeBankAccount(
  q: Queryable,
  input: {
    gateway: ProviderGateway;
    /** Only its last four digits are stored. */
    accountNumber: string;
    bankName: string;
    holderName: string | null;
    now: number;
  },
): Promise<{ token: string; last4: string }> {
  const last4 = input.accountNumber.replace(/\D/g, "").slice(-4).padStart(4, "0");
  const token = newToken(input.gateway, last4);
  await q.query(
    `INSERT INTO provider_tokens (token, gateway, kind, last4, holder_name, bank_name, created_at)
     VALUES ($1, $2, 'bank', $3, $4, $5, $6)`,
    [token, input.gateway, last4, input.holderName, input.bankName, new Date(input.now)],
  );
  return { token, last4 };
}

/** What the provider knows about a token it issued for this gateway, or null. */
export async function findProviderToken(
  q: Queryable,
  gateway: string,
  token: string,
): Promise<ProviderTokenRow | null> {
  const [row] = await q.query<ProviderTokenRow>(
    `SELECT token, gateway, kind, brand, last4, exp_month, exp_year, holder_name, bank_name
       FROM provider_tokens WHERE token = $1 AND gateway = $2`,
    [token, gateway],
  );
  return row ?? null;
}

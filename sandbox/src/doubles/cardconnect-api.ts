/**
 * The fake CardSecure tokenizer behind the CardConnect frame double:
 * POST /cardsecure/api/v1/ccn/tokenize `{ account, expiry?, cvv?, unique? }` →
 * `{ message: "", errorcode: 0, token }`, or `{ message, errorcode: 1, token: "" }` with HTTP 400.
 *
 * `account` is a card number, or a bank account typed as "routing/account" (how the real iFrame
 * tokenizer takes ACH details). Tokens look like CardSecure's: 16 digits beginning with 9; for a
 * card the next two digits are the card's first two; the last four are the card's (or the bank
 * account's) last four. The double's tokens fail the Luhn check on purpose, so no token can ever be
 * mistaken for a card number. The same card gives the same token (per sandbox process) unless
 * `unique` is set, as with CardSecure.
 */
import { createHmac, randomBytes, randomInt } from "node:crypto";
import { z } from "zod";
import {
  accountNumberValid,
  checkExpiryDate,
  detectBrand,
  digitsOf,
  luhnValid,
  routingNumberValid,
} from "./card-rules";
import { storeCardConnectToken } from "./vault";
import type { ProviderAnswer } from "./stripe-api";

/** Card numbers from CardConnect's test documentation (both visa). */
export const CARDCONNECT_TEST_CARDS = ["4111111111111111", "4788250000028291"] as const;

/** Per-process key: equal numbers map to equal tokens without the number being stored. */
const TOKEN_KEY = randomBytes(32);

const tokenizeSchema = z.object({
  account: z.string().min(1).max(64),
  expiry: z
    .string()
    .regex(/^(\d{4}|\d{5}|\d{6})$/)
    .optional(),
  cvv: z
    .string()
    .regex(/^\d{3,4}$/)
    .optional(),
  unique: z.boolean().optional(),
});

const fail = (message: string): ProviderAnswer => ({
  status: 400,
  body: { message, errorcode: 1, token: "" },
});

function middleDigits(seed: string, count: number, unique: boolean): string {
  if (unique) return Array.from({ length: count }, () => String(randomInt(10))).join("");
  const mac = createHmac("sha256", TOKEN_KEY).update(seed).digest();
  return Array.from({ length: count }, (_, i) => String(mac[i]! % 10)).join("");
}

/** Makes the token fail Luhn by nudging a digit that the check does not double. */
function notLuhn(token: string): string {
  if (!luhnValid(token)) return token;
  const i = token.length - 5; // fifth from the right: an undoubled position, never the last four
  const nudged = String((Number(token[i]) + 1) % 10);
  return `${token.slice(0, i)}${nudged}${token.slice(i + 1)}`;
}

/** A CardSecure-shaped token for a card number. */
export function cardToken(number: string, unique = false): string {
  return notLuhn(
    `9${number.slice(0, 2)}${middleDigits(`card:${number}`, 9, unique)}${number.slice(-4)}`,
  );
}

/** A CardSecure-shaped token for a bank account. */
export function bankToken(routing: string, account: string, unique = false): string {
  return notLuhn(`9${middleDigits(`ach:${routing}/${account}`, 11, unique)}${account.slice(-4)}`);
}

/** Reads CardSecure's expiry formats: MMYY, YYYYMM and the tokenizer frame's YYYYM. */
export function parseCardSecureExpiry(expiry: string): { month: number; year: number } | null {
  if (/^\d{4}$/.test(expiry)) {
    return { month: Number(expiry.slice(0, 2)), year: 2000 + Number(expiry.slice(2)) };
  }
  if (/^20\d{3,4}$/.test(expiry)) {
    return { month: Number(expiry.slice(4)), year: Number(expiry.slice(0, 4)) };
  }
  return null;
}

/** POST /cardsecure/api/v1/ccn/tokenize. */
export function tokenize(body: unknown, now: number): ProviderAnswer {
  const parsed = tokenizeSchema.safeParse(body ?? {});
  if (!parsed.success) return fail("Invalid request: account is required");
  const { account, expiry, cvv, unique = false } = parsed.data;

  const ach = /^\s*(\d{9})\s*\/\s*(\d+)\s*$/.exec(account);
  if (ach?.[1] && ach[2]) {
    const [routing, number] = [ach[1], ach[2]];
    if (!routingNumberValid(routing)) return fail("Invalid routing number");
    if (!accountNumberValid(number)) return fail("Invalid account number");
    const record = storeCardConnectToken({
      token: bankToken(routing, number, unique),
      kind: "bank",
      brand: null,
      last4: number.slice(-4),
      expMonth: null,
      expYear: null,
      cvvProvided: false,
      routingNumber: routing,
      createdAt: now,
    });
    return { status: 200, body: { message: "", errorcode: 0, token: record.token } };
  }

  if (/[^\d\s-]/.test(account)) return fail("Invalid account number");
  const number = digitsOf(account);
  if (number.length < 12 || number.length > 19 || !luhnValid(number)) {
    return fail("Invalid account number");
  }
  let exp: { month: number; year: number } | null = null;
  if (expiry !== undefined) {
    exp = parseCardSecureExpiry(expiry);
    if (!exp || checkExpiryDate(exp.month, exp.year, new Date(now))) {
      return fail("Invalid expiration date");
    }
  }
  const record = storeCardConnectToken({
    token: cardToken(number, unique),
    kind: "card",
    brand: detectBrand(number),
    last4: number.slice(-4),
    expMonth: exp?.month ?? null,
    expYear: exp?.year ?? null,
    cvvProvided: cvv !== undefined,
    routingNumber: null,
    createdAt: now,
  });
  return { status: 200, body: { message: "", errorcode: 0, token: record.token } };
}

/**
 * Card and bank-account rules shared by the provider doubles: the browser frames (bundled by
 * esbuild) and the sandbox's fake provider endpoints. Pure functions, no DOM and no Node APIs.
 *
 * Brand names and validation messages are Stripe.js's (English), so the portal sees what it would
 * see with Stripe: `diners`, not `dinersclub`; "Your card number is incomplete.".
 */

/** Stripe's card brands (`StripeCardElementChangeEvent.brand`). */
export const CARD_BRANDS = [
  "visa",
  "mastercard",
  "amex",
  "discover",
  "diners",
  "jcb",
  "unionpay",
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
export type DetectedBrand = CardBrand | "unknown";

type BrandRule = {
  brand: CardBrand;
  /** Matches the start of a number once enough digits are typed to tell. */
  prefix: RegExp;
  lengths: readonly number[];
  cvcLength: number;
  /** Digit groups for display. */
  groups: readonly number[];
};

// Ordered: the first match wins. Ranges follow the card networks' published IIN ranges (as
// Stripe.js recognises them); "unknown" until the typed prefix settles it.
const RULES: readonly BrandRule[] = [
  { brand: "visa", prefix: /^4/, lengths: [16], cvcLength: 3, groups: [4, 4, 4, 4] },
  {
    brand: "mastercard",
    prefix: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/,
    lengths: [16],
    cvcLength: 3,
    groups: [4, 4, 4, 4],
  },
  { brand: "amex", prefix: /^3[47]/, lengths: [15], cvcLength: 4, groups: [4, 6, 5] },
  {
    brand: "diners",
    prefix: /^(30[0-5]|309|36|3[89])/,
    lengths: [14, 16],
    cvcLength: 3,
    groups: [4, 6, 4, 2],
  },
  {
    brand: "jcb",
    prefix: /^35(2[89]|[3-8]\d)/,
    lengths: [16, 17, 18, 19],
    cvcLength: 3,
    groups: [4, 4, 4, 4, 3],
  },
  {
    brand: "discover",
    prefix: /^(6011|64[4-9]|65)/,
    lengths: [16, 17, 18, 19],
    cvcLength: 3,
    groups: [4, 4, 4, 4, 3],
  },
  {
    brand: "unionpay",
    prefix: /^(62|81)/,
    lengths: [16, 17, 18, 19],
    cvcLength: 3,
    groups: [4, 4, 4, 4, 3],
  },
];

const UNKNOWN_LENGTHS = [16] as const;
const UNKNOWN_GROUPS = [4, 4, 4, 4] as const;

/** Keeps the digits of a value (spaces, dashes and anything else dropped). */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, "");
}

/** The Luhn (mod 10) check of a digit string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function ruleFor(digits: string): BrandRule | undefined {
  return RULES.find((rule) => rule.prefix.test(digits));
}

/** The brand of a (possibly partial) card number, as Stripe.js reports it while typing. */
export function detectBrand(number: string): DetectedBrand {
  return ruleFor(digitsOf(number))?.brand ?? "unknown";
}

/** Valid lengths of a brand's numbers. */
export function cardLengths(brand: DetectedBrand): readonly number[] {
  return RULES.find((r) => r.brand === brand)?.lengths ?? UNKNOWN_LENGTHS;
}

/** Digits allowed in the number field for this brand. */
export function maxCardDigits(brand: DetectedBrand): number {
  return Math.max(...cardLengths(brand));
}

/** The CVC length of a brand (amex 4, others 3; unknown accepts 3 or 4). */
export function cvcLengths(brand: DetectedBrand): readonly number[] {
  if (brand === "unknown") return [3, 4];
  return [RULES.find((r) => r.brand === brand)?.cvcLength ?? 3];
}

/** Groups the digits for display: "4242 4242 4242 4242", amex "3782 822463 10005". */
export function formatCardNumber(number: string): string {
  const digits = digitsOf(number);
  const groups = ruleFor(digits)?.groups ?? UNKNOWN_GROUPS;
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.join(" ");
}

/** Stripe.js's validation error shape (`StripeElementChangeEvent.error`). */
export type ValidationError = { type: "validation_error"; code: string; message: string };

const err = (code: string, message: string): ValidationError => ({
  type: "validation_error",
  code,
  message,
});

export const MESSAGES = {
  incompleteNumber: err("incomplete_number", "Your card number is incomplete."),
  invalidNumber: err("invalid_number", "Your card number is invalid."),
  incompleteExpiry: err("incomplete_expiry", "Your card's expiration date is incomplete."),
  invalidExpiryMonth: err("invalid_expiry_month", "Your card's expiration date is invalid."),
  pastExpiry: err("invalid_expiry_year_past", "Your card's expiration date is in the past."),
  invalidExpiryYear: err("invalid_expiry_year", "Your card's expiration year is invalid."),
  incompleteCvc: err("incomplete_cvc", "Your card's security code is incomplete."),
  incompleteZip: err("incomplete_zip", "Your postal code is incomplete."),
} as const;

export type FieldCheck = {
  /** Well-formed and complete. */
  complete: boolean;
  /** An error that already stands while typing (e.g. a failed Luhn check at full length). */
  error: ValidationError | null;
  /** The error to show once the field is left incomplete (on blur or on submit). */
  incompleteError: ValidationError | null;
};

const ok: FieldCheck = { complete: true, error: null, incompleteError: null };

/** Checks a card number as Stripe.js does while the user types. */
export function checkCardNumber(number: string): FieldCheck {
  const digits = digitsOf(number);
  if (digits.length === 0) {
    return { complete: false, error: null, incompleteError: MESSAGES.incompleteNumber };
  }
  const rule = ruleFor(digits);
  // A first digit no network uses (0, 1, 7, 9 and an 8 outside UnionPay's range) is invalid at once.
  if (!rule && /^[01789]/.test(digits) && !/^8$/.test(digits)) {
    return { complete: false, error: MESSAGES.invalidNumber, incompleteError: null };
  }
  const lengths = rule?.lengths ?? UNKNOWN_LENGTHS;
  if (lengths.includes(digits.length) && luhnValid(digits)) return ok;
  if (digits.length >= Math.max(...lengths)) {
    return { complete: false, error: MESSAGES.invalidNumber, incompleteError: null };
  }
  return { complete: false, error: null, incompleteError: MESSAGES.incompleteNumber };
}

export type Expiry = { month: number; year: number };

/**
 * Reads an expiry as typed: "MM / YY", "MM/YY", "MMYY", "MM/YYYY". Returns null for anything else.
 * Two-digit years are 20YY.
 */
export function parseExpiry(value: string): Expiry | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m?.[1] || !m[2]) return null;
  if (m[1].length === 1 && !value.includes("/")) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return { month, year };
}

/** How far ahead an expiry year may be (Stripe.js refuses years too far away). */
export const MAX_EXPIRY_YEARS_AHEAD = 50;

/** Checks month and year against today (a card is valid through the end of its month). */
export function checkExpiryDate(month: number, year: number, now: Date): ValidationError | null {
  if (!Number.isInteger(month) || month < 1 || month > 12) return MESSAGES.invalidExpiryMonth;
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (!Number.isInteger(year) || year < thisYear || (year === thisYear && month < thisMonth)) {
    return MESSAGES.pastExpiry;
  }
  if (year > thisYear + MAX_EXPIRY_YEARS_AHEAD) return MESSAGES.invalidExpiryYear;
  return null;
}

/** Checks the expiry field's text ("MM / YY") as typed. */
export function checkExpiry(value: string, now: Date): FieldCheck {
  const digits = digitsOf(value);
  if (digits.length === 0) {
    return { complete: false, error: null, incompleteError: MESSAGES.incompleteExpiry };
  }
  const month = Number(digits.slice(0, 2));
  if (digits.length >= 2 && (month < 1 || month > 12)) {
    return { complete: false, error: MESSAGES.invalidExpiryMonth, incompleteError: null };
  }
  if (digits.length < 4) {
    return { complete: false, error: null, incompleteError: MESSAGES.incompleteExpiry };
  }
  const year = 2000 + Number(digits.slice(2, 4));
  const error = checkExpiryDate(month, year, now);
  return error ? { complete: false, error, incompleteError: null } : ok;
}

/** Formats expiry typing as Stripe.js does: "4" → "04 / ", "122" → "12 / 2". */
export function formatExpiryInput(value: string, deleting: boolean): string {
  let digits = digitsOf(value).slice(0, 4);
  if (digits.length === 1 && /[2-9]/.test(digits)) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** Checks a CVC for the brand typed so far. */
export function checkCvc(value: string, brand: DetectedBrand): FieldCheck {
  const digits = digitsOf(value);
  if (cvcLengths(brand).includes(digits.length) && digits.length === value.trim().length) return ok;
  return { complete: false, error: null, incompleteError: MESSAGES.incompleteCvc };
}

/** Checks a postal code: a US ZIP has 5 digits, other codes 3 to 10 letters and digits. */
export function checkPostalCode(value: string): FieldCheck {
  const v = value.trim();
  const complete = /^\d+$/.test(v)
    ? v.length === 5 || v.length === 9
    : /^[A-Za-z0-9 -]{3,10}$/.test(v);
  return complete ? ok : { complete: false, error: null, incompleteError: MESSAGES.incompleteZip };
}

/** The ABA routing-number checksum (3-7-1 weights). */
export function routingNumberValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** A US bank account number: 4 to 17 digits. */
export function accountNumberValid(account: string): boolean {
  return /^\d{4,17}$/.test(account);
}

/**
 * Detects card and bank account numbers in a request (PCI DSS SAQ A: this API accepts provider
 * tokens only). A run of 12 or more digits, or 13–19 digits separated by single spaces or dashes
 * that pass the Luhn check, counts as a raw number, in any value or key at any depth.
 */
import { luhnValid } from "../doubles/card-rules";

const DIGIT_GROUPS = /\d(?:[ -]?\d)*/g;

/** Whether a text holds something that looks like a card or bank account number. */
export function looksLikeRawNumber(text: string): boolean {
  for (const match of text.matchAll(DIGIT_GROUPS)) {
    const groups = match[0].split(/[ -]/);
    if (groups.some((g) => g.length >= 12)) return true;
    const digits = groups.join("");
    if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits)) return true;
  }
  return false;
}

/**
 * The path (e.g. `"billing.note"`) of the first value holding a raw number, or null. `allow`
 * exempts a top-level field whose value has a known token shape (CardConnect's numeric tokens).
 */
export function findRawNumber(
  value: unknown,
  allow: (field: string, text: string) => boolean = () => false,
  path: string[] = [],
): string | null {
  if (typeof value === "string") {
    const field = path.join(".");
    if (path.length === 1 && allow(field, value)) return null;
    return looksLikeRawNumber(value) ? field || "(body)" : null;
  }
  if (typeof value === "number" || typeof value === "bigint") {
    return findRawNumber(value.toLocaleString("en-US", { useGrouping: false }), allow, path);
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findRawNumber(item, allow, [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (looksLikeRawNumber(key)) return [...path, "(key)"].join(".");
      const found = findRawNumber(item, allow, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** CardConnect (CardSecure) tokens: numeric, beginning with 9, which no card network issues. */
export const CARDCONNECT_TOKEN = /^9\d{11,18}$/;

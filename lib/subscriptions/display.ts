// How a subscription field's value reads (spec 001 §2, §9): booleans Yes / No / -, dates
// 'MMM DD, YYYY', currency fields as money in the subscription's currency, the billing product's
// fixed vocabulary (picklist tokens, charge types) in the reader's language, anything else (what
// the company wrote) as it is.
import { formatDate } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import { booleanMessageKey, BOOLEAN_KEYS, EMPTY_VALUE, isEmptyValue } from "@/lib/format/values";
import type { FieldType, FieldValue } from "@/lib/schemas/subscriptions";

export type DisplayContext = {
  currency: string;
  locale: string;
  yes: string;
  no: string;
  /** A fixed-vocabulary token ("per_unit") in the reader's language, or null when it is not one. */
  vocabulary: (token: string) => string | null;
};

// Text fields whose values still come from the billing product's fixed list, not the company.
const VOCABULARY_TEXT_FIELDS = new Set(["charge_type"]);

/** "Usage based" → "usage_based": the key a fixed value is translated under. */
export function vocabularyToken(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** "per_unit" → "Per unit": a picklist token as words; other text is left as is. */
export function humanize(token: string): string {
  if (!/^[a-z0-9]+(_[a-z0-9]+)*$/.test(token)) return token;
  const words = token.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field value as text; '-' when empty. */
export function displayValue(
  field: { type: FieldType | string; key?: string },
  value: FieldValue,
  context: DisplayContext,
): string {
  if (field.type === "boolean") {
    const key = booleanMessageKey(value);
    return key === BOOLEAN_KEYS.yes ? context.yes : key === BOOLEAN_KEYS.no ? context.no : "-";
  }
  if (isEmptyValue(value)) return EMPTY_VALUE;
  switch (field.type) {
    case "date":
      return formatDate(value, context.locale);
    case "currency":
      return formatMoney(value, context.currency, context.locale);
    case "number":
      return typeof value === "number" ? value.toLocaleString(context.locale) : String(value);
    case "picklist":
      return context.vocabulary(vocabularyToken(String(value))) ?? humanize(String(value));
    default:
      if (field.key && VOCABULARY_TEXT_FIELDS.has(field.key))
        return context.vocabulary(vocabularyToken(String(value))) ?? String(value);
      return String(value);
  }
}

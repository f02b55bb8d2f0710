// How the builder and the chips name fields, operators and values (spec 001 §4, §9): fields by
// the name of the column they filter (lib/lists/labels.ts, the same as the table's headers),
// dates 'MMM DD, YYYY', booleans Yes/No, percentages with the locale's percent sign, the invoice
// status 'posted' as 'unpaid'.
import { formatDate } from "@/lib/format/dates";
import { withDecimalSign } from "@/lib/format/number";
import { toAmount } from "@/lib/format/money";
import { formatPercent, isPercentFieldType } from "@/lib/format/percent";
import { statusText } from "@/lib/format/status";
import { BOOLEAN_KEYS } from "@/lib/format/values";
import type { ListId } from "@/lib/lists/definitions";
import { filterFieldLabel, type LooseTranslator } from "@/lib/lists/labels";
import {
  builtInFilterField,
  operatorMessageKey,
  type FilterField,
  type FilterOperator,
  type ListFilter,
} from "@/lib/lists/filters";
import type { ListColumn } from "@/lib/schemas/lists";

export type { LooseTranslator };

/** The names a filter is shown with, one function per part. */
export type FilterTexts = {
  field: (name: string) => string;
  operator: (operator: FilterOperator) => string;
  /** The value as people read it; empty for the presence operators. */
  value: (filter: Pick<ListFilter, "field" | "value">) => string;
  /** field, operator and value in one line. */
  describe: (filter: ListFilter) => string;
  /** The locale the texts are in (a value being typed is read in it). */
  locale: string;
};

/**
 * The texts of a list's filters, given its builder fields, a translator, the locale and the
 * table's columns (whose names the fields take; without them, the built-in translations).
 */
export function filterTexts(
  list: ListId,
  fields: readonly FilterField[],
  t: LooseTranslator,
  locale: string,
  columns: readonly ListColumn[] = [],
): FilterTexts {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const fieldOf = (name: string) => byName.get(name) ?? builtInFilterField(list, name);
  const translate = (key: string, fallback: string) => (t.has(key) ? t(key) : fallback);

  const field = (name: string) => {
    const f = fieldOf(name);
    return f ? filterFieldLabel(list, f, columns, t) : name;
  };
  const operator = (op: FilterOperator) => translate(operatorMessageKey(op), op);
  const value = ({ field: name, value: raw }: Pick<ListFilter, "field" | "value">) => {
    if (raw === null) return "";
    const type = fieldOf(name)?.type;
    if (type === "date") return formatDate(raw, locale);
    if (type === "boolean")
      return raw === "true" ? translate(BOOLEAN_KEYS.yes, raw) : translate(BOOLEAN_KEYS.no, raw);
    if (name === "status") return statusText(list, raw, t);
    // A number still being typed ("12.") shows as typed.
    if (isPercentFieldType(fieldOf(name)?.sourceType) && toAmount(raw) !== null)
      return formatPercent(raw, locale);
    if (type === "number") return withDecimalSign(raw, locale);
    return raw;
  };
  const describe = (filter: ListFilter) =>
    [field(filter.field), operator(filter.operator), value(filter)].filter(Boolean).join(" ");
  return { field, operator, value, describe, locale };
}

// The filter builder's rules (spec 001 §4–5, docs/CONTRACT.md §5): operators per type, value
// checks, the Apply rule, the value look-up rule, custom field typing and the three-step builder.
import {
  isCalendarDate as isCalendarDateText,
  isCalendarDay,
} from "@billing-portal/contract/calendar/days";
import {
  BUILDER_OPERATORS,
  customFieldFilterType,
  FILTER_OPERATORS,
  MAX_FILTER_VALUE_LENGTH,
  type FilterOperator,
} from "@billing-portal/contract/filter-options";
import {
  findFilterField,
  getListDefinition,
  isBuiltInFieldName,
  type FilterType,
  type ListId,
} from "./definitions";

export {
  customFieldFilterType,
  FILTER_OPERATORS,
  MAX_FILTER_VALUE_LENGTH,
  MAX_FILTERS,
  type FilterOperator,
} from "@billing-portal/contract/filter-options";

/** The builder's operators per type (spec 001 §5), as the contract's check exercises them too. */
export const OPERATORS_BY_TYPE = BUILDER_OPERATORS;

const PRESENCE_OPERATORS: readonly FilterOperator[] = ["is_present", "is_not_present"];

/** An applied filter; `value` is canonical (text, decimal, `true`/`false`, `YYYY-MM-DD`) and null for the presence operators. */
export type ListFilter = { field: string; operator: FilterOperator; value: string | null };

/** A field the builder offers: a built-in one, or a custom field of the list's configuration. */
export type FilterField = {
  name: string;
  type: FilterType;
  sourceType: string;
  /** Message key of a built-in field; custom fields carry their own `label`. */
  labelKey: string | null;
  label: string | null;
  custom: boolean;
  required: boolean;
};

/** The part of a custom field definition the filter rules need. */
export type CustomFieldLike = { apiName: string; label: string; fieldType: string };

/** Names a custom field may have in the URL and on the wire (it becomes part of a query label). */
export const CUSTOM_FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
export const INVALID_DATE_KEY = "lists.filter.invalidDate";
export const NO_OPTIONS_KEY = "lists.filter.noOptions";

const OPERATOR_KEYS: Readonly<Record<FilterOperator, string>> = {
  equal: "lists.filter.operators.equal",
  not_equal: "lists.filter.operators.notEqual",
  like: "lists.filter.operators.like",
  not_like: "lists.filter.operators.notLike",
  is_present: "lists.filter.operators.isPresent",
  is_not_present: "lists.filter.operators.isNotPresent",
  gt: "lists.filter.operators.gt",
  lt: "lists.filter.operators.lt",
  gte: "lists.filter.operators.gte",
  lte: "lists.filter.operators.lte",
};

/** Whether a value is one of the builder's operators. */
export function isFilterOperator(value: unknown): value is FilterOperator {
  return typeof value === "string" && (FILTER_OPERATORS as readonly string[]).includes(value);
}

/** Whether an operator takes no value (present / not present). */
export function isPresenceOperator(operator: FilterOperator): boolean {
  return PRESENCE_OPERATORS.includes(operator);
}

/** The operators the builder offers for a type. */
export function operatorsFor(type: FilterType): readonly FilterOperator[] {
  return OPERATORS_BY_TYPE[type];
}

/** The message key of an operator's label. */
export function operatorMessageKey(operator: FilterOperator): string {
  return OPERATOR_KEYS[operator];
}

/** Whether a custom field joins the builder: not a file upload, not a built-in name, a name fit for a query label. */
export function isFilterableCustomField(list: ListId, field: CustomFieldLike): boolean {
  return (
    customFieldFilterType(field.fieldType) !== null &&
    CUSTOM_FIELD_NAME.test(field.apiName) &&
    !isBuiltInFieldName(list, field.apiName)
  );
}

/** The fields the builder offers: the list's built-ins, then its filterable custom fields. */
export function filterFieldsFor(
  list: ListId,
  customFields: readonly CustomFieldLike[] = [],
): FilterField[] {
  const builtIns: FilterField[] = getListDefinition(list).filterFields.map((f) => ({
    name: f.name,
    type: f.type,
    sourceType: f.sourceType,
    labelKey: f.labelKey,
    label: null,
    custom: false,
    required: f.required,
  }));
  const seen = new Set<string>();
  const customs: FilterField[] = [];
  for (const field of customFields) {
    const type = customFieldFilterType(field.fieldType);
    if (!type || !isFilterableCustomField(list, field) || seen.has(field.apiName)) continue;
    seen.add(field.apiName);
    customs.push({
      name: field.apiName,
      type,
      sourceType: field.fieldType.trim().toLowerCase(),
      labelKey: null,
      label: field.label,
      custom: true,
      required: false,
    });
  }
  return [...builtIns, ...customs];
}

/** The built-in filter field of a list as the builder sees it, if the name is one. */
export function builtInFilterField(list: ListId, name: string): FilterField | undefined {
  const f = findFilterField(list, name);
  if (!f) return undefined;
  return {
    name: f.name,
    type: f.type,
    sourceType: f.sourceType,
    labelKey: f.labelKey,
    label: null,
    custom: false,
    required: f.required,
  };
}

const DECIMAL = /^-?\d{1,18}(\.\d{1,10})?$/;
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** Whether year, month (1–12) and day of month name a real calendar date. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  return isCalendarDay(year, month, day);
}

/** Whether a string is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  return isCalendarDateText(value);
}

/** A value in its canonical wire form for a type, or null when it is not a valid value of that type. */
export function normalizeFilterValue(type: FilterType, raw: string | boolean): string | null {
  if (type === "boolean") {
    if (typeof raw === "boolean") return String(raw);
    const v = raw.trim().toLowerCase();
    return v === "true" || v === "false" ? v : null;
  }
  if (typeof raw !== "string") return null;
  const v = raw.trim();
  if (type === "number") return DECIMAL.test(v) ? v : null;
  if (type === "date") return isIsoDate(v) ? v : null;
  return isTextValue(v) ? v : null;
}

/** Whether a text is a filter value at all (1..200 characters, no control characters); custom fields of unknown type are checked with this. */
export function isTextValue(value: string): boolean {
  return (
    value.trim() !== "" && value.length <= MAX_FILTER_VALUE_LENGTH && !CONTROL_CHARS.test(value)
  );
}

/** A filter checked against its field: allowed operator, valid value; null when it does not hold. */
export function validateFilter(
  field: Pick<FilterField, "name" | "type">,
  operator: FilterOperator,
  value: string | boolean | null,
): ListFilter | null {
  if (!operatorsFor(field.type).includes(operator)) return null;
  if (isPresenceOperator(operator)) return { field: field.name, operator, value: null };
  if (value === null) return null;
  const normalized = normalizeFilterValue(field.type, value);
  return normalized === null ? null : { field: field.name, operator, value: normalized };
}

const LOOKUP_TYPES = new Set([
  "text",
  "select",
  "multi-select",
  "textarea",
  "lookup",
  "picker",
  "inherited_save",
  "formula",
]);

/** Whether the builder fetches existing values (GET /v1/filter/fetch_instances) for a field's own type and an operator. */
export function runsValueLookup(sourceType: string, operator: FilterOperator | null): boolean {
  return (
    (operator === "equal" || operator === "not_equal") &&
    LOOKUP_TYPES.has(sourceType.trim().toLowerCase())
  );
}

// The builder's step machine (state, reducer, Apply rules) is in lib/lists/filter-builder.ts: it
// loads with the builder's popover, not with the list.
export type { BuilderState, BuilderValue } from "./filter-builder";

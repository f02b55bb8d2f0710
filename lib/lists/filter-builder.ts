// The filter builder's step machine (spec 001 §4–5): 1 pick field → 2 pick operator → 3 pick a
// value, and the Apply rules. Its own module so it loads with the builder's popover; the filters'
// vocabulary and validation stay in filters.ts, which the URL parsers need on every page.
import {
  INVALID_DATE_KEY,
  isPresenceOperator,
  validateFilter,
  type FilterField,
  type FilterOperator,
  type ListFilter,
} from "./filters";
import { parseDateInput, readNumberInput } from "./filter-input";

export type BuilderStep = 1 | 2 | 3;
export type BuilderValue = string | boolean | null;
export type BuilderState = {
  step: BuilderStep;
  field: string | null;
  operator: FilterOperator | null;
  value: BuilderValue;
};
export type BuilderAction =
  | { type: "chooseField"; field: string }
  | { type: "chooseOperator"; operator: FilterOperator }
  /** The operator select was clicked again. */
  | { type: "reopenOperator" }
  | { type: "setValue"; value: BuilderValue }
  /** Applied or cancelled: back to step 1 with nothing chosen. */
  | { type: "reset" };

export const initialBuilderState: BuilderState = {
  step: 1,
  field: null,
  operator: null,
  value: null,
};

/** The builder's step machine, a pure reducer for `useReducer`. */
export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case "chooseField":
      return { step: 2, field: action.field, operator: null, value: null };
    case "chooseOperator":
      if (state.field === null) return state;
      return {
        step: 3,
        field: state.field,
        operator: action.operator,
        value: isPresenceOperator(action.operator) ? null : state.value,
      };
    case "reopenOperator":
      return state.field === null ? state : { ...state, step: 2 };
    case "setValue":
      return state.operator === null ? state : { ...state, value: action.value };
    case "reset":
      return initialBuilderState;
  }
}

/** Whether the Apply button shows: once an operator is chosen. */
export function showsApply(state: BuilderState): boolean {
  return state.operator !== null;
}

/** Whether a builder value counts as given (boolean false does). */
export function hasValue(value: BuilderValue): boolean {
  if (typeof value === "boolean") return true;
  return typeof value === "string" && value.trim() !== "";
}

/** The Apply rule: field and operator chosen, and a presence operator or a value. */
export function canApply(state: BuilderState): boolean {
  if (state.field === null || state.operator === null) return false;
  return isPresenceOperator(state.operator) || hasValue(state.value);
}

/**
 * The filter the builder's choice makes, or the message key to show. Dates and numbers are read
 * as the locale writes them (DD.MM.YYYY, 12,50 in German) into the wire's YYYY-MM-DD and 12.50.
 */
export function draftToFilter(
  field: FilterField,
  state: BuilderState,
  locale: string = "en",
): { ok: true; filter: ListFilter } | { ok: false; error: string } {
  if (!canApply(state) || state.operator === null || state.field !== field.name)
    return { ok: false, error: "lists.filter.incomplete" };
  let value = state.value;
  if (field.type === "date" && typeof value === "string" && !isPresenceOperator(state.operator)) {
    const date = parseDateInput(value, locale);
    if (!date.ok) return date;
    value = date.value;
  }
  if (field.type === "number" && typeof value === "string") value = readNumberInput(value, locale);
  const filter = validateFilter(field, state.operator, value);
  if (filter) return { ok: true, filter };
  return {
    ok: false,
    error: field.type === "date" ? INVALID_DATE_KEY : "lists.filter.invalidValue",
  };
}

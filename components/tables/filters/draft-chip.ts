// The provisional chip of the filter being built (spec 001 §4): the parts chosen so far, as the
// chips name them. Loads with the builder's popover.
import type { BuilderState } from "@/lib/lists/filter-builder";
import { parseDateInput } from "@/lib/lists/filter-input";
import { isPresenceOperator, type FilterField } from "@/lib/lists/filters";
import type { FilterTexts } from "./filter-texts";

/** A filter being built, as chip text: the parts chosen so far. */
export type DraftParts = { field: string; operator?: string; value?: string };

export function draftChipParts(
  state: BuilderState,
  fields: readonly FilterField[],
  texts: FilterTexts,
): DraftParts | null {
  if (state.field === null) return null;
  const name = state.field;
  const parts = {
    field: texts.field(name),
    operator: state.operator ? texts.operator(state.operator) : undefined,
  };
  if (!state.operator || isPresenceOperator(state.operator)) return parts;
  const raw = state.value;
  if (typeof raw === "boolean")
    return { ...parts, value: texts.value({ field: name, value: String(raw) }) };
  if (typeof raw !== "string" || raw.trim() === "") return parts;
  const isDate = fields.find((f) => f.name === name)?.type === "date";
  const date = isDate ? parseDateInput(raw, texts.locale) : null;
  // A date still being typed shows as typed; once it parses it reads like the chips' dates.
  if (date && !date.ok) return { ...parts, value: raw.trim() };
  return {
    ...parts,
    value: texts.value({ field: name, value: date?.ok ? date.value : raw.trim() }),
  };
}

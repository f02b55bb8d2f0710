/** Edits of subscription fields (PUT /v1/subscriptions/{id}, ChangeBody.fields), checked by type. */
import { isCalendarDate } from "../lists/decode";
import { fieldConfiguration } from "./field-config";
import { refuse } from "./schemas";
import type { FieldValue } from "./types";

export const MAX_TEXT_LENGTH = 2000;

/**
 * The edits as column values, each checked against its field: it must exist, be enabled and
 * editable, and its value must fit the field's type. Any failure is a 400 naming the field.
 */
export function validateFieldEdits(
  companyId: string,
  edits: Record<string, FieldValue>,
): Record<string, FieldValue> {
  const specs = fieldConfiguration(companyId).subscription;
  const out: Record<string, FieldValue> = {};
  for (const [key, value] of Object.entries(edits)) {
    const spec = specs.find((s) => s.key === key);
    if (!spec || !spec.enabled || !spec.editable) {
      throw refuse(`The field ${spec?.display_name ?? key} cannot be edited.`);
    }
    const name = spec.display_name;
    switch (spec.type) {
      case "date":
        if (typeof value !== "string" || !isCalendarDate(value)) {
          throw refuse(`${name} must be a valid date written YYYY-MM-DD.`);
        }
        break;
      case "text":
      case "textarea":
      case "picklist":
        if (value !== null && (typeof value !== "string" || [...value].length > MAX_TEXT_LENGTH)) {
          throw refuse(`${name} must be text of at most ${MAX_TEXT_LENGTH} characters.`);
        }
        break;
      case "number":
      case "currency":
        if (typeof value !== "number" || !Number.isFinite(value)) {
          throw refuse(`${name} must be a number.`);
        }
        break;
      case "boolean":
        if (typeof value !== "boolean") throw refuse(`${name} must be true or false.`);
        break;
    }
    // Blank text is stored as no value.
    out[key] = typeof value === "string" && value.trim() === "" ? null : value;
  }
  return out;
}

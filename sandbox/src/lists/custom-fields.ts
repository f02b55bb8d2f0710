/** The company's custom fields per list (object configuration) and how each one filters. */
import type { Queryable } from "../db";
import {
  customFieldFilterType,
  type CustomFieldType,
} from "@billing-portal/contract/filter-options";
import { MODULE_DEFINITIONS, type FilterType, type ListModule } from "./modules";

/** One custom field definition as stored. */
export type CustomFieldDefinition = {
  id: string;
  api_name: string;
  field_label: string;
  field_type: CustomFieldType;
  required: boolean;
  display_in_cp: boolean;
  default_value: string | null;
  data_type: string;
};

/** The `customFields` entry of a list answer (CONTRACT.md §5). */
export type CustomFieldDto = {
  id: string;
  api_name: string;
  field_label: string;
  field_type: CustomFieldType;
  required: boolean;
  display_in_cp: boolean;
  default_value: string | null;
  options: { data_type: string };
};

/**
 * The filter type of a custom field, or null when it is not filterable: file uploads, and fields
 * whose api_name collides with a built-in field or column of the list.
 */
export function customFilterType(
  module: ListModule,
  field: CustomFieldDefinition,
): FilterType | null {
  const def = MODULE_DEFINITIONS[module];
  const builtin =
    def.filters.some((f) => f.name === field.api_name) ||
    def.columns.some((c) => c.id === field.api_name);
  return builtin ? null : customFieldFilterType(field.field_type);
}

/** The company's custom fields of one list, in configuration order. */
export async function loadCustomFields(
  db: Queryable,
  companyId: string,
  module: ListModule,
): Promise<CustomFieldDefinition[]> {
  return db.query<CustomFieldDefinition>(
    `SELECT id, api_name, field_label, field_type, required, display_in_cp, default_value, data_type
       FROM custom_field_definitions
      WHERE company_id = $1 AND module = $2
      ORDER BY position, api_name`,
    [companyId, module],
  );
}

/** The answer's `customFields`: every definition, displayed in the portal or not. */
export function toCustomFieldDtos(fields: CustomFieldDefinition[]): CustomFieldDto[] {
  return fields.map((f) => ({
    id: f.id,
    api_name: f.api_name,
    field_label: f.field_label,
    field_type: f.field_type,
    required: f.required,
    display_in_cp: f.display_in_cp,
    default_value: f.default_value,
    options: { data_type: f.data_type },
  }));
}

/** A row's `custom_fields` as the portal sees it: the displayed fields only, null when unset. */
export function visibleCustomValues(
  fields: CustomFieldDefinition[],
  stored: unknown,
): Record<string, unknown> {
  const values = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.display_in_cp) out[f.api_name] = values[f.api_name] ?? null;
  }
  return out;
}

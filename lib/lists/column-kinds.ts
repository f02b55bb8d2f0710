// Display kinds the column list does not carry by itself: the BFF types a custom column by its
// filter class (a percentage filters as a number), so the table looks the field's own type up in
// the list's custom fields to show percentages as such.
import { isPercentFieldType } from "@/lib/format/percent";
import type { CustomField, ListColumn } from "@/lib/schemas/lists";

/** The columns with each percentage custom field shown as `percent`; the same array when none is. */
export function withCustomFieldKinds(
  columns: readonly ListColumn[],
  customFields: readonly Pick<CustomField, "apiName" | "fieldType">[],
): readonly ListColumn[] {
  const percent = new Set(
    customFields.filter((f) => isPercentFieldType(f.fieldType)).map((f) => f.apiName),
  );
  if (percent.size === 0) return columns;
  let changed = false;
  const next = columns.map((c) => {
    if (!c.custom || c.kind === "percent" || !percent.has(c.id)) return c;
    changed = true;
    return { ...c, kind: "percent" as const };
  });
  return changed ? next : columns;
}

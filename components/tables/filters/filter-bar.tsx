"use client";

import type { ListId } from "@/lib/lists/definitions";
import type { ListView } from "@/lib/lists/params";
import type { CustomField } from "@/lib/schemas/lists";

export type FilterBarProps = {
  list: ListId;
  view: ListView;
  /** Applies a new view (a filter change also returns to page one: see lib/lists/params.ts). */
  onViewChange: (next: ListView) => void;
  /** The list's custom fields shown in the portal (filterable ones are offered). */
  customFields: readonly CustomField[];
};

/** The filter builder and the applied filters' chips of a list (placeholder until the builder lands). */
export function FilterBar(_props: FilterBarProps) {
  return null;
}

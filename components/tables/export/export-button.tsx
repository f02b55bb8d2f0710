"use client";

import type { ListId, Sort } from "@/lib/lists/definitions";
import type { ListView } from "@/lib/lists/params";

export type ExportButtonProps = {
  list: ListId;
  view: ListView;
  /** Column ids hidden in the table: left out of the file. */
  hiddenColumns: readonly string[];
  /** The sort the table shows (the view's, or the saved or default one). */
  sort: Sort | null;
};

/** Opens the export dialog of a list (placeholder until the dialog lands). */
export function ExportButton(_props: ExportButtonProps) {
  return null;
}

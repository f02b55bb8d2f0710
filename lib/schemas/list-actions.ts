// What the browser sends about a list besides its view: layout changes and exports. One schema,
// shared by the table (browser) and the BFF handler.
import { z } from "zod";
import { SORT_DIRECTIONS } from "@/lib/lists/definitions";

const columnId = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/);
const sort = z.object({ column: columnId, direction: z.enum(SORT_DIRECTIONS) });

/** A saved-layout change of one list: column widths, column order, or the sort. */
export const layoutChangeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("widths"),
    widths: z.record(columnId, z.number().int().min(40).max(1000)),
  }),
  z.object({ kind: z.literal("order"), order: z.array(columnId).min(1).max(200) }),
  z.object({ kind: z.literal("sort"), sort }),
]);
export type LayoutChange = z.output<typeof layoutChangeSchema>;

export const EXPORT_FORMATS = ["xlsx", "csv"] as const;
export const EXPORT_PREFERENCES = ["filtered_data", "all_data"] as const;

/** The export dialog's form (spec 001 §2, §8): defaults filtered data as XLSX. */
export const exportRequestSchema = z.object({
  preference: z.enum(EXPORT_PREFERENCES),
  format: z.enum(EXPORT_FORMATS),
  /** Columns hidden in the table, left out of the file. */
  excludedColumns: z.array(columnId).max(200),
  sort: sort.nullable(),
});
export type ExportRequest = z.output<typeof exportRequestSchema>;

export const exportDefaults: Pick<ExportRequest, "preference" | "format"> = {
  preference: "filtered_data",
  format: "xlsx",
};

// The bodies the browser sends about a list (layout changes, exports), as zod/mini schemas the BFF
// handlers parse with. Kept apart from the app types (lists.ts) so no page's first paint loads zod.
import * as z from "zod/mini";
import { EXPORT_FORMATS, EXPORT_PREFERENCES, SORT_DIRECTIONS } from "./lists";

const columnId = z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/));
const sort = z.object({ column: columnId, direction: z.enum(SORT_DIRECTIONS) });

/** A saved-layout change of one list: column widths, column order, or the sort. */
export const layoutChangeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("widths"),
    widths: z.record(columnId, z.int().check(z.gte(40), z.lte(1000))),
  }),
  z.object({
    kind: z.literal("order"),
    order: z.array(columnId).check(z.minLength(1), z.maxLength(200)),
  }),
  z.object({ kind: z.literal("sort"), sort }),
]);
export type LayoutChange = z.output<typeof layoutChangeSchema>;

/** The export dialog's form (spec 001 §2, §8): defaults filtered data as XLSX. */
export const exportRequestSchema = z.object({
  preference: z.enum(EXPORT_PREFERENCES),
  format: z.enum(EXPORT_FORMATS),
  /** Columns hidden in the table, left out of the file. */
  excludedColumns: z.array(columnId).check(z.maxLength(200)),
  sort: z.nullable(sort),
});
export type ExportRequest = z.output<typeof exportRequestSchema>;

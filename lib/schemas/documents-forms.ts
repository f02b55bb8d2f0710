// Documents in bulk (docs/CONTRACT.md §5 "Documents in bulk"): what the customer chose on the
// invoices or statements list, as the BFF reads it. zod/mini: the BFF handler parses with it.
import * as z from "zod/mini";
import { MAX_ZIP_DOCUMENTS } from "@billing-portal/contract/enums";

export { MAX_ZIP_DOCUMENTS };

const id = z.string().check(z.minLength(1), z.maxLength(200));

/** The rows ticked by id, or every row matching the list's filters but those unticked. */
export const documentSelectionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("ids"), ids: z.array(id).check(z.minLength(1), z.maxLength(1000)) }),
  z.object({
    kind: z.literal("matching"),
    filters: z.string().check(z.maxLength(4000)),
    excluded: z.array(id).check(z.maxLength(1000)),
  }),
]);
export type DocumentSelection = z.infer<typeof documentSelectionSchema>;

export const zipBodySchema = z.object({
  list: z.enum(["invoices", "statements"]),
  selection: documentSelectionSchema,
});
export type ZipBody = z.infer<typeof zipBodySchema>;

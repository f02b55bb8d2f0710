/**
 * Decoding of a list request (CONTRACT.md §5): page, size, sort, initial_req, with_total and the
 * filter map in its two spellings (query labels and a nested body object). Anything malformed is a
 * 400 `validation` naming the parameter; nothing here touches the database.
 */
import { LIST_MODULES } from "@billing-portal/contract/enums";
import {
  decodeFilterBody,
  decodeFilterLabels,
  FilterOptionsError,
  type DecodedFilter,
  type FilterFieldSet,
} from "@billing-portal/contract/filter-options";
import { z } from "zod";
import { ApiError, describeZodError } from "../http";
import type { FilterField, ListFields } from "./fields";

export { isCalendarDate, type FilterOp } from "@billing-portal/contract/filter-options";

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

/** A decoded filter of one of the list's fields. */
export type Filter = DecodedFilter<FilterField>;

export type SortDirection = "asc" | "desc";
export type Sort = { column: string; direction: SortDirection };

export type ListParams = {
  page: number;
  size: number;
  /** null: the user's saved sort, else the list's default. */
  sort: Sort | null;
  initialReq: boolean;
  withTotal: boolean;
  filters: Filter[];
};

/** 400 `validation`: the list protocol's answer to malformed input. */
export const invalid = (message: string) => new ApiError(400, "validation", message);

/** Parses with zod; a failure is a 400 naming the field. */
export function parse400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(describeZodError(result.error));
  return result.data;
}

const trueFalse = z.enum(["true", "false"], { error: "must be true or false" });

const listQuerySchema = z.object({
  page: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, { error: "must be a whole number from 1" })
    .transform(Number)
    .optional(),
  size: z
    .string()
    .regex(/^\d{1,3}$/, { error: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, { error: `must be from 1 to ${MAX_PAGE_SIZE}` })
        .max(MAX_PAGE_SIZE, { error: `must be from 1 to ${MAX_PAGE_SIZE}` }),
    )
    .optional(),
  sort: z.string().max(100, { error: "is too long" }).optional(),
  initial_req: trueFalse.optional(),
  with_total: trueFalse.optional(),
});

/** A query parameter given at most once. */
export function single(query: URLSearchParams, name: string): string | undefined {
  const all = query.getAll(name);
  if (all.length > 1) throw invalid(`${name}: given more than once`);
  return all[0];
}

/** `"<column> <asc|desc>"` with the column from the list's sortable whitelist. */
export function parseSortLine(fields: ListFields, line: string, param = "sort"): Sort {
  const match = /^([A-Za-z0-9_.]{1,100}) (asc|desc)$/i.exec(line.trim());
  if (!match) throw invalid(`${param}: expected "<column> <asc|desc>"`);
  const column = match[1] ?? "";
  if (!fields.sortable.has(column)) {
    throw invalid(`${param}: ${fields.module} cannot be sorted by "${column}"`);
  }
  return { column, direction: (match[2] ?? "").toLowerCase() === "asc" ? "asc" : "desc" };
}

/** Page, size, sort, initial_req, with_total and filter_options of a GET /v1/<module>. */
export function parseListQuery(fields: ListFields, query: URLSearchParams): ListParams {
  const raw = parse400(listQuerySchema, {
    page: single(query, "page"),
    size: single(query, "size"),
    sort: single(query, "sort"),
    initial_req: single(query, "initial_req"),
    with_total: single(query, "with_total"),
  });
  return {
    page: raw.page ?? 1,
    size: raw.size ?? DEFAULT_PAGE_SIZE,
    sort: raw.sort === undefined || raw.sort === "" ? null : parseSortLine(fields, raw.sort),
    initialReq: raw.initial_req === "true",
    withTotal: raw.with_total !== "false",
    filters: parseFilterLabels(fields, query),
  };
}

/** What the label decoder reads of a list: its module name and filterable fields (the plan and subscription lists have theirs too). */
export type FilterLabelFields = FilterFieldSet<FilterField>;

/** Runs a decoder of the contract's grammar; its refusals are 400 `validation`. */
function decoding<T>(decode: () => T): T {
  try {
    return decode();
  } catch (err) {
    if (err instanceof FilterOptionsError) throw invalid(err.message);
    throw err;
  }
}

/** `filter_options[<module>][<n>][<field>]` (+ optional `[<op>]`) labels of a query string. */
export function parseFilterLabels(fields: FilterLabelFields, query: URLSearchParams): Filter[] {
  return decoding(() => decodeFilterLabels(fields, query));
}

/**
 * The same filter map nested in a request body (exports): `{ <module>: [ { field: value } |
 * { field: { op: value } } ] }`. Other lists' keys are ignored; an unknown key is an error.
 */
export function parseFilterBody(fields: ListFields, body: unknown): Filter[] {
  return decoding(() => decodeFilterBody(fields, body, LIST_MODULES));
}

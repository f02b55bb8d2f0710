/** Text filter fields of the plan and subscription lists, decoded by the lists' filter decoder. */
import { parseFilterLabels, type Filter } from "../lists/decode";
import type { FilterField } from "../lists/fields";

/** A text filter on column `column` of the row alias `t`; `lowerCase` compares lower-cased. */
export const textFilter = (name: string, column: string, lowerCase = false): FilterField => ({
  name,
  type: "text",
  sql: () => `t.${column}`,
  timestamp: false,
  lowerCase,
});

/**
 * `filter_options[<module>][n][<field>]` (+ `[<op>]`) labels of a query, decoded as the lists
 * decode theirs (`/text/i` contains, `/.+/` present, `not`).
 */
export function parseTextFilters(
  module: string,
  fields: FilterField[],
  query: URLSearchParams,
): Filter[] {
  return parseFilterLabels({ module, filters: new Map(fields.map((f) => [f.name, f])) }, query);
}

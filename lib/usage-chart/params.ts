import { parseAsStringLiteral } from "nuqs";
import { USAGE_GROUPINGS } from "@/lib/schemas/usage-chart";

// The usage chart's grouping in the page's URL (`chart=day|week|month`), beside the list's view:
// a shared link shows the same chart. Months unless said: two years of days do not fit a phone.

export const CHART_PARAM = "chart";
/** nuqs's defaults: the history entry is replaced, the page does not scroll. */
export const chartGroupingParser = parseAsStringLiteral(USAGE_GROUPINGS).withDefault("month");

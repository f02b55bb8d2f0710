// The activity page's place in its list (issue 34 §3): one set of nuqs parsers for the server page
// (its prefetch) and the client (paging, the kind filter). ?page=<n>&kind=<kind>; none: page 1, all.
import { createLoader, parseAsInteger, parseAsStringLiteral } from "nuqs/server";
import { ACTIVITY_KINDS, type ActivityQuery } from "@/lib/schemas/activity";

export const activityParsers = {
  page: parseAsInteger.withDefault(1),
  kind: parseAsStringLiteral(ACTIVITY_KINDS),
};

/** The page and kind a request's search parameters ask for (a page below 1 is the first). */
export const loadActivityParams = createLoader(activityParsers);

/** The query for the API from what the URL says. */
export const activityQueryOf = (p: {
  page: number;
  kind: ActivityQuery["kind"];
}): ActivityQuery => ({
  page: Math.max(1, Math.min(p.page, 10_000)),
  kind: p.kind,
});

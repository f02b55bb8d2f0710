// The subscriptions tab's sub-tab in the URL (`?tab=subscriptions&status=cancelled`), one nuqs
// parser for the server page (prefetch) and the client hook, so both read the same status and
// hydration hits. `nuqs/server` carries no "use client" and imports on both sides.
import { createLoader, parseAsStringLiteral, type LoaderInput } from "nuqs/server";
import {
  SUBSCRIPTION_LIST_STATUSES,
  type SubscriptionListStatus,
} from "@/lib/schemas/subscriptions";

/** `status`: active (default) or cancelled; anything else falls back to active. */
export const subscriptionStatusParser = parseAsStringLiteral(
  SUBSCRIPTION_LIST_STATUSES,
).withDefault("active");

/** The parsers map for `useQueryStates(subscriptionParams, subscriptionParamsOptions)`. */
export const subscriptionParams = { status: subscriptionStatusParser };

/** Back/forward step through the sub-tabs; React Query fetches, not the server. */
export const subscriptionParamsOptions = { history: "push", shallow: true } as const;

const load = createLoader(subscriptionParams);

/** The sub-tab from any search params (page props, URLSearchParams, a query string); never throws. */
export function readSubscriptionStatus(input: LoaderInput): SubscriptionListStatus {
  return load(input).status;
}

import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import { SessionEndedError } from "@/lib/billing/errors";
import { callForPage } from "@/lib/billing/page-call";
import { listSubscriptions } from "@/lib/billing/subscriptions";
import type { SubscriptionListStatus } from "@/lib/schemas/subscriptions";
import type { PortalSession } from "@/lib/session/types";
import { subscriptionKeys } from "./query-keys";

// The dashboard's server render fills the subscriptions list the browser hydrates, so a direct
// visit paints with no request. A failure leaves the query empty: the browser fetches it and,
// failing again, shows the list's error. An ended session is the page's to handle (redirect).

/** Prefetches one sub-tab's subscriptions of the customer. */
export async function prefetchSubscriptions(
  client: QueryClient,
  session: PortalSession,
  customerId: string,
  status: SubscriptionListStatus,
): Promise<void> {
  try {
    const subscriptions = await callForPage(session, (accessToken, clientIp) =>
      listSubscriptions({ accessToken, clientIp }, customerId, status),
    );
    client.setQueryData(subscriptionKeys.list(customerId, status), subscriptions);
  } catch (err) {
    if (err instanceof SessionEndedError) throw err;
    if (!(err instanceof Error) || !("status" in err))
      console.error("[dashboard] subscriptions prefetch failed", err);
  }
}

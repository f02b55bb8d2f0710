import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import {
  requestAchCreditDetails,
  requestAddPaymentFormUrl,
  requestContactDetails,
  requestPaymentMethods,
} from "@/lib/billing/account";
import {
  achCreditQuery,
  addPaymentFormQuery,
  contactDetailsQuery,
  paymentMethodsQuery,
} from "@/lib/account/queries";
import { requestAlerts } from "@/lib/billing/alerts";
import { BillingApiError } from "@/lib/billing/errors";
import { alertSettingsQuery } from "@/lib/alerts/queries";
import type { PortalSession } from "@/lib/session/types";
import { prefetchQuery } from "./prefetch";

// The account page's server prefetch (spec 000 §4 "Account data loads"): Manage Account's
// queryOptions (lib/account/queries.ts), the same the browser's hooks use, run with the /v1 calls
// of lib/billing/account.

/** Prefetches contact details, payment methods with the gateway, the form URL, the bank-transfer details and the alerts. */
export async function prefetchAccount(
  client: QueryClient,
  session: PortalSession,
  customerId: string,
): Promise<void> {
  await Promise.all([
    prefetchQuery(
      client,
      session,
      (caller) => contactDetailsQuery(customerId, () => requestContactDetails(caller)),
      "account",
    ),
    prefetchQuery(
      client,
      session,
      (caller) => paymentMethodsQuery(customerId, () => requestPaymentMethods(caller)),
      "account",
    ),
    prefetchQuery(
      client,
      session,
      (caller) => addPaymentFormQuery(customerId, () => requestAddPaymentFormUrl(caller)),
      "account",
    ),
    prefetchQuery(
      client,
      session,
      (caller) =>
        achCreditQuery(customerId, () => requestAchCreditDetails(caller).catch(noneWhenNotFound)),
      "account",
    ),
    prefetchQuery(
      client,
      session,
      (caller) =>
        alertSettingsQuery(customerId, () => requestAlerts(caller).catch(noneWhenNotFound)),
      "account",
    ),
  ]);
}

/** The API's 404 says the customer has no bank-transfer details: stored as null, not a failure. */
function noneWhenNotFound(error: unknown): null {
  if (error instanceof BillingApiError && error.status === 404) return null;
  throw error;
}

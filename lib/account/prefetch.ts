import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import {
  requestAchCreditDetails,
  requestAddPaymentFormUrl,
  requestContactDetails,
  requestPaymentMethods,
} from "@/lib/billing/account";
import { SessionEndedError } from "@/lib/billing/errors";
import { callForPage } from "@/lib/billing/page-call";
import type { PortalSession } from "@/lib/session/types";
import { manageAccountKeys } from "./query-keys";

// The account page's server render fills the React Query cache the browser hydrates (spec 000 §4
// "Account data loads"), so the first paint needs no request. A failed load leaves its query
// empty (the browser tries once more and shows that part's error), except the bank-transfer
// details: a failure there means "absent", stored as null so the section stays hidden.

function keepSessionEnd(err: unknown): void {
  if (err instanceof SessionEndedError) throw err;
  if (!(err instanceof Error) || !("status" in err))
    console.error("[account] prefetch failed", err);
}

/** Prefetches contact details, payment methods with the gateway, the form URL and the bank-transfer details. */
export async function prefetchAccount(
  client: QueryClient,
  session: PortalSession,
  customerId: string,
): Promise<void> {
  const load = async <T>(
    key: readonly unknown[],
    fn: (caller: { accessToken: string; clientIp: string }) => Promise<T>,
    onFailure?: () => void,
  ) => {
    try {
      const data = await callForPage(session, (accessToken, clientIp) =>
        fn({ accessToken, clientIp }),
      );
      client.setQueryData(key, data);
    } catch (err) {
      keepSessionEnd(err);
      onFailure?.();
    }
  };
  await Promise.all([
    load(manageAccountKeys.contactDetails(customerId), requestContactDetails),
    load(manageAccountKeys.paymentMethods(customerId), requestPaymentMethods),
    load(manageAccountKeys.addPaymentForm(customerId), requestAddPaymentFormUrl),
    load(
      manageAccountKeys.achCredit(customerId),
      async (caller) => requestAchCreditDetails(caller),
      () => client.setQueryData(manageAccountKeys.achCredit(customerId), null),
    ),
  ]);
}

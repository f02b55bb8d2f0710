import "server-only";
import { requestPeriodEstimate } from "@/lib/billing/periods";
import { BillingApiError, SessionEndedError } from "@/lib/billing/errors";
import { callForPage } from "@/lib/http/page-call";
import { isExpectedFailure, pageDataWaitMs } from "@/lib/query/prefetch";
import type { PeriodEstimate } from "@/lib/schemas/periods";
import type { PortalSession } from "@/lib/session/types";

// The dashboard's "This period" card is server-rendered and ships no JavaScript, so its data is
// loaded here for the page and never reaches React Query. The operation is optional in the
// contract: a billing API without it (404) shows no card.

export type PeriodLoad =
  | { state: "shown"; estimate: PeriodEstimate }
  /** The billing API has no estimates (404), or the customer has no subscription. */
  | { state: "absent" }
  /** Failed or slower than the page waits for: the card says so, the rest of the page paints. */
  | { state: "failed" };

export async function loadPeriodEstimate(session: PortalSession): Promise<PeriodLoad> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<PeriodLoad>((resolve) => {
    timer = setTimeout(() => resolve({ state: "failed" }), pageDataWaitMs());
  });
  const loading = callForPage(session, (accessToken, clientIp) =>
    requestPeriodEstimate({ accessToken, clientIp }),
  ).then(
    (estimate): PeriodLoad =>
      estimate.subscriptions.length === 0 ? { state: "absent" } : { state: "shown", estimate },
    (err: unknown): PeriodLoad => {
      if (err instanceof SessionEndedError) throw err;
      if (err instanceof BillingApiError && err.status === 404) return { state: "absent" };
      if (!isExpectedFailure(err)) console.error("[period estimate] failed", err);
      return { state: "failed" };
    },
  );
  try {
    return await Promise.race([loading, waited]);
  } finally {
    clearTimeout(timer);
  }
}

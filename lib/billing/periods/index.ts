import "server-only";
import type { PeriodEstimate } from "@/lib/schemas/periods";
import { billingRequest } from "@/lib/billing/client";
import { reshapePeriodEstimate } from "./reshape";

// The /v1 call of the current period (docs/CONTRACT.md §7.3), answered in the app's shape of
// lib/schemas/periods.ts: the wire schema (wire.ts) and the reshape (reshape.ts) stay inside this
// folder.

type Caller = { accessToken: string; clientIp?: string };

/** GET /v1/customers/period_estimate: the selected customer's subscriptions' current periods. */
export async function requestPeriodEstimate(caller: Caller): Promise<PeriodEstimate> {
  return reshapePeriodEstimate(
    await billingRequest<unknown>("/v1/customers/period_estimate", caller),
  );
}

import "server-only";
import { billingRequest } from "./client";
import { BillingApiError } from "./errors";

/** How long a readiness check waits for the billing API: a balancer's probe must not hang. */
const READY_TIMEOUT_MS = 2_000;

/**
 * Whether the billing API answers: it is asked for this host's portal configuration, and any
 * answer short of a 5xx (a 404 for an unknown host included) counts. Nothing is cached.
 */
export async function billingApiAnswers(host: string): Promise<boolean> {
  try {
    await billingRequest("/v1/portalConfiguration", {
      query: { host },
      timeoutMs: READY_TIMEOUT_MS,
    });
    return true;
  } catch (err) {
    return err instanceof BillingApiError && err.status < 500;
  }
}

// The upstream failures of issue 12 §3 and what the fault specs share about them
// (e2e/faults.spec.ts, e2e/faults-parts.spec.ts): the five kinds, how many calls each must last,
// and how many of a user's injected faults are still waiting.
import { E2E_BILLING_TIMEOUT_MS } from "../../playwright.config";
import { sandboxUrl } from "./sandbox";

/** An upstream delay the e2e portal gives up on (its BILLING_TIMEOUT_MS), by a clear second. */
export const PAST_THE_TIMEOUT_MS = E2E_BILLING_TIMEOUT_MS + 1_000;

export type Fault = { name: string; fault: Record<string, unknown>; times: number };

// The browser retries a failed query twice unless the BFF said 504 (lib/query-client.ts): a fault
// that should show must last three calls; a timeout shows after one.
export const FAULTS: Fault[] = [
  { name: "HTTP 500", fault: { status: 500 }, times: 3 },
  { name: "HTTP 502", fault: { status: 502 }, times: 3 },
  { name: "a reset connection", fault: { reset: true }, times: 3 },
  { name: "malformed JSON", fault: { malformed: true }, times: 3 },
  { name: "a delay past the timeout", fault: { delayMs: PAST_THE_TIMEOUT_MS }, times: 1 },
];

/** Faults still waiting for this user's calls (none once the page has met them all). */
export async function pendingFaults(email: string): Promise<number> {
  const res = await fetch(`${sandboxUrl}/__sandbox/faults`);
  const pending = (await res.json()) as { fault: { email?: string } }[];
  return pending.filter((f) => f.fault.email === email).length;
}

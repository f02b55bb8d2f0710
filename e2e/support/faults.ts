// The upstream failures of issue 12 §3 and what the fault specs share about them
// (e2e/faults.spec.ts, e2e/faults-parts.spec.ts): the five kinds, how many calls each must last,
// and how many of a user's injected faults are still waiting.
import { sandboxUrl } from "./sandbox";

export type Fault = { name: string; fault: Record<string, unknown>; times: number };

// The browser retries a failed query twice unless the BFF said 504 (lib/query-client.ts): a fault
// that should show must last three calls; a timeout shows after one.
export const FAULTS: Fault[] = [
  { name: "HTTP 500", fault: { status: 500 }, times: 3 },
  { name: "HTTP 502", fault: { status: 502 }, times: 3 },
  { name: "a reset connection", fault: { reset: true }, times: 3 },
  { name: "malformed JSON", fault: { malformed: true }, times: 3 },
  // BILLING_TIMEOUT_MS is 10 s in the e2e portal.
  { name: "a delay past the timeout", fault: { delayMs: 11_000 }, times: 1 },
];

/** Faults still waiting for this user's calls (none once the page has met them all). */
export async function pendingFaults(email: string): Promise<number> {
  const res = await fetch(`${sandboxUrl}/__sandbox/faults`);
  const pending = (await res.json()) as { fault: { email?: string } }[];
  return pending.filter((f) => f.fault.email === email).length;
}

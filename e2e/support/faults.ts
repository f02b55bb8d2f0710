// The upstream failures of issue 12 §3 and what the fault specs share about them
// (e2e/faults.spec.ts, e2e/faults-parts.spec.ts, e2e/faults-changes.spec.ts): the five kinds, how
// many calls each must last, which one a part takes, and how many of a user's injected faults are
// still waiting.
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

/** The kinds the billing API fails at once: all but the delay past the timeout. */
const AT_ONCE = FAULTS.filter(({ fault }) => fault.delayMs === undefined);

// One part of each UI mechanism (the lists' queries, the parts a page's server render streams, the
// dialogs, the links that open a tab, the signed-in frame, a form's change, a pressed change with
// its toast) goes through every kind; the mechanism's other parts through one each, in turn, so
// the suite does not pay a 20–50 s sweep per part. Which message a kind gives is the BFF's
// (tests/bff) and how often it is tried the query client's (tests/unit/query-retry.test.ts), the
// same for every part; what a further part must prove in the browser — its failure reaches the
// error it shows, the rest keeps working, it recovers — one failure proves. The delay, the slowest
// kind, stays with the sweep: once per mechanism is enough.
/** The one kind of failure for the index-th (from 0) further part of a UI mechanism. */
export function faultFor(index: number): Fault {
  const fault = AT_ONCE[index % AT_ONCE.length];
  if (!fault) throw new Error(`no fault for part ${index}`);
  return fault;
}

/** Faults still waiting for this user's calls (none once the page has met them all). */
export async function pendingFaults(email: string): Promise<number> {
  const res = await fetch(`${sandboxUrl}/__sandbox/faults`);
  const pending = (await res.json()) as { fault: { email?: string } }[];
  return pending.filter((f) => f.fault.email === email).length;
}

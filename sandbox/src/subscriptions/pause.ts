/**
 * Pause windows (sandbox/README.md "Pause and resume"). A pause of n cycles asked on day d begins
 * at the end of the billing cycle holding d (P: the cycle paid for is used) and ends n cycles
 * later (R: the first day billed again). P leaves a settling bill in place of the invoice the
 * cycle would close with (settlement.ts with E = P: the cycle's usage, less the unused days of
 * invoiced periods past P); nothing is issued in (P, R); R invoices each recurring line's period
 * from R (settlement.ts `resumeLines`). No usage is recorded in [P, R).
 */
import { billingCycle } from "./preview";
import type { SubscriptionRecord } from "./store";

/** [start, resume): the paused days. */
export type PauseWindow = { start: string; resume: string };

type Paused = Pick<SubscriptionRecord, "pause_start" | "pause_resume">;

/** The window of a pause of `cycles` cycles asked on `today`. */
export function pauseWindow(startDate: string, today: string, cycles: number): PauseWindow {
  const start = billingCycle(startDate, today).end;
  let resume = start;
  for (let i = 0; i < cycles; i++) resume = billingCycle(startDate, resume).end;
  return { start, resume };
}

/** The subscription's pause, whatever the day, or null when it was never paused. */
export function pauseOf(s: Paused): PauseWindow | null {
  return s.pause_start !== null && s.pause_resume !== null
    ? { start: s.pause_start, resume: s.pause_resume }
    : null;
}

/** The pause set on `s` that has not ended by `today` (begun or not), or null. */
export function pendingPause(s: Paused, today: string): PauseWindow | null {
  const pause = pauseOf(s);
  return pause && pause.resume > today ? pause : null;
}

/** Whether `day` is a paused day of `s`. */
export function isPausedOn(s: Paused, day: string): boolean {
  const pause = pauseOf(s);
  return pause !== null && pause.start <= day && day < pause.resume;
}

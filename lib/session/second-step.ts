import "server-only";
import type { NextResponse } from "next/server";
import { z } from "zod";
import { stepCookie } from "./step-cookie";

// A sign-in waiting for its second factor (issue 34 §1, docs/SECURITY.md §1): a step cookie
// holding the billing API's single-use challenge and where to go after, never a token.

/** The page of the second step. */
export const SECOND_STEP_PATH = "/portal/login/second-factor";

/** The billing API's challenge lasts five minutes; the cookie no longer. */
export const SECOND_STEP_TTL_MS = 5 * 60_000;

const stepSchema = z.object({
  challenge: z.string().min(1).max(200),
  email: z.string().max(254),
  host: z.string().min(1).max(300),
  companyId: z.string().min(1).max(200),
  returnTo: z.string().max(2048).nullable(),
  methods: z.array(z.string().max(40)).max(10),
  expiresAt: z.number(),
});
export type SecondStep = z.output<typeof stepSchema>;

const cookie = stepCookie("portal_second_step", stepSchema);

export const secondStepCookieName = cookie.name;

/** Puts the pending second step into the response's cookie. */
export const writeSecondStepCookie = (res: NextResponse, step: SecondStep) =>
  cookie.write(res, step);

/** Removes it. */
export const clearSecondStepCookie = (res: NextResponse) => cookie.clear(res);

/** The pending second step a cookie holds, for this host and still alive; else null. */
export const readSecondStep = (value: string | undefined, host: string, now = Date.now()) =>
  cookie.read(value, host, now);

import "server-only";
import { sealData, unsealData } from "iron-session";
import type { NextResponse } from "next/server";
import { z } from "zod";
import { cookieSecure, sessionPassword } from "./config";

// A sign-in waiting for its second factor (issue 34 §1, docs/SECURITY.md §1): a cookie of its own,
// sealed as the session is, holding the billing API's single-use challenge and where to go after,
// never a token. Every other BFF route reads only the session cookie, so a visitor between the
// password and the second factor reaches nothing but the second step.

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

export const secondStepCookieName = () =>
  cookieSecure() ? "__Host-portal_second_step" : "portal_second_step";

const attributes = () => ({
  httpOnly: true,
  secure: cookieSecure(),
  sameSite: "lax" as const,
  path: "/",
});

/** Puts the pending second step into the response's cookie. */
export async function writeSecondStepCookie(res: NextResponse, step: SecondStep): Promise<void> {
  const ttl = Math.max(1, Math.floor((step.expiresAt - Date.now()) / 1000));
  const value = await sealData(stepSchema.parse(step), { password: sessionPassword(), ttl });
  res.cookies.set({ name: secondStepCookieName(), value, ...attributes(), maxAge: ttl });
}

/** Removes it (same attributes, or a __Host- cookie would not be replaced). */
export function clearSecondStepCookie(res: NextResponse): void {
  res.cookies.set({
    name: secondStepCookieName(),
    value: "",
    ...attributes(),
    maxAge: 0,
    expires: new Date(0),
  });
}

/** The pending second step a cookie holds, for this host and still alive; else null. */
export async function readSecondStep(
  value: string | undefined,
  host: string,
  now = Date.now(),
): Promise<SecondStep | null> {
  if (!value || value.length > 4096) return null;
  try {
    const raw = await unsealData<unknown>(value, { password: sessionPassword() });
    const step = stepSchema.safeParse(raw);
    if (!step.success || step.data.host !== host || step.data.expiresAt <= now) return null;
    return step.data;
  } catch {
    return null;
  }
}

import "server-only";
import { z } from "zod";
import { sessionSchema } from "./seal";
import { stepCookie } from "./step-cookie";

// A sign-in whose company requires a second factor, of a user who has none (issue 34 §1,
// docs/SECURITY.md §1.1): the password was right, so the billing API gave tokens, but the portal
// seals no session until a factor is set up. The tokens wait sealed in a step cookie that only the
// setup's page and routes read; every other route sees no session.

/** The setup's page. */
export const FACTOR_SETUP_PATH = "/portal/login/set-up-second-factor";

/** Time enough to install an app and scan a code; the access token may not outlive it. */
export const FACTOR_SETUP_TTL_MS = 15 * 60_000;

const setupSchema = z.object({
  session: sessionSchema,
  host: z.string().min(1).max(300),
  returnTo: z.string().max(2048).nullable(),
  expiresAt: z.number(),
});
export type FactorSetup = z.output<typeof setupSchema>;

export const factorSetupCookie = stepCookie("portal_factor_setup", setupSchema);

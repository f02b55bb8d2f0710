// Sessions the customer can see (issue 34 §2, docs/CONTRACT.md §1 "Sessions", §2): the app's own
// shape of a sign-in, as the BFF answers the browser, and the one body the browser sends. The
// browser imports the types only; the user agent was read on the server (no parser in the page).
import * as z from "zod/mini";

/** One sign-in of the user: which browser on which system, from where, since when. */
export type AccountSession = {
  /** Opaque. */
  id: string;
  /** "Chrome", "Firefox", … (null: not recognised). */
  browser: string | null;
  /** "macOS", "Windows", "iOS", … (null: not recognised). */
  system: string | null;
  /** The address it signed in from (null: not known). */
  ip: string | null;
  /** ISO instants. */
  signedInAt: string;
  lastSeenAt: string;
  /** This browser's own session. */
  current: boolean;
};

/** GET /api/account/sessions: live sessions, last seen first. */
export type AccountSessionList = { sessions: AccountSession[] };

/** POST /api/account/sessions/revoke-others: how many sessions were signed out. */
export type RevokedSessions = { revoked: number };

/** POST /api/account/sessions/revoke-others takes an empty object. */
export const revokeOtherSessionsSchema = z.strictObject({});

/** Whether there is a session besides the current one to sign out. */
export function hasOtherSessions(list: AccountSessionList | undefined): boolean {
  return list?.sessions.some((s) => !s.current) ?? false;
}

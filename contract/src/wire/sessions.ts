// Sessions the customer can see (issue 34 §2; docs/CONTRACT.md §1 "Sessions"): one per sign-in
// (a refresh-token family), with the browser's user agent and address at sign-in, when it was
// last used, and the caller's own marked. Signing the others out revokes their tokens.
import { z } from "zod";
import { wireInstant } from "./envelope";
import { named } from "./named";

/** The header the portal forwards the browser's User-Agent in, on the calls that sign in. */
export const CLIENT_USER_AGENT_HEADER = "X-Client-User-Agent";
/** A user agent is kept to this many characters. */
export const USER_AGENT_MAX = 512;

export const sessionDto = named(
  "Session",
  z.looseObject({
    id: z.string().min(1).max(200).meta({ description: "Opaque; not a token, not the family" }),
    user_agent: z
      .string()
      .max(USER_AGENT_MAX)
      .nullable()
      .meta({ description: "The browser's User-Agent at sign-in (null: not known)" }),
    ip: z
      .string()
      .max(100)
      .nullable()
      .meta({ description: "The browser's address at sign-in (null: not known)" }),
    created_at: wireInstant.meta({ description: "Signed in" }),
    last_seen_at: wireInstant.meta({ description: "Last used (to the minute)" }),
    current: z.boolean().meta({ description: "The session of the calling access token" }),
  }),
);
export type SessionDto = z.output<typeof sessionDto>;

export const sessionListDto = named(
  "SessionList",
  z.looseObject({
    sessions: z.array(sessionDto).meta({ description: "Live sessions, last seen first" }),
  }),
);
export type SessionListDto = z.output<typeof sessionListDto>;

export const revokedSessionsDto = named(
  "RevokedSessions",
  z.looseObject({ revoked: z.int().min(0).meta({ description: "Sessions signed out" }) }),
);
export type RevokedSessionsDto = z.output<typeof revokedSessionsDto>;

export const sessionParams = z.object({ id: z.string().min(1).max(200) });

/** The optional header of the calls that sign in (login, second factor). */
export const clientUserAgentHeaders = z.object({
  [CLIENT_USER_AGENT_HEADER]: z.string().max(USER_AGENT_MAX).optional().meta({
    description:
      "The browser's User-Agent, forwarded by the portal (else the caller's own User-Agent is kept)",
  }),
});

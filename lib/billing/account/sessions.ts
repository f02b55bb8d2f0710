import "server-only";
import Bowser from "bowser";
import { z } from "zod";
import type { SessionListDto, RevokedSessionsDto } from "@billing-portal/contract/wire/sessions";
import { billingRequest } from "@/lib/billing/client";
import { parseDto } from "@/lib/billing/dto";
import { readerOf } from "@/lib/billing/reader";
import type { AccountSession, AccountSessionList, RevokedSessions } from "@/lib/schemas/sessions";

// The user's sessions (issue 34 §2, docs/CONTRACT.md §1 "Sessions"): the /v1 calls, their readers
// and the reshape into the app's shape. The user agent is read here, on the server, so no parser
// ships to the browser, and the raw string never leaves the BFF.

type Caller = { accessToken: string; clientIp?: string };

const nullableText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? null);
const instant = z.string().refine((v) => Number.isFinite(Date.parse(v)));
const sessionListDto = readerOf<SessionListDto>()(
  z.object({
    sessions: z
      .array(
        z.object({
          id: z.string().min(1).max(200),
          user_agent: nullableText(2000),
          ip: nullableText(100),
          created_at: instant,
          last_seen_at: instant,
          current: z.boolean(),
        }),
      )
      .max(500),
  }),
);
const revokedDto = readerOf<RevokedSessionsDto>()(z.object({ revoked: z.int().min(0) }));

const named = (value: string | undefined) => value?.trim().slice(0, 60) || null;

/** A User-Agent as "which browser on which system" (null parts: not recognised). */
export function describeUserAgent(
  userAgent: string | null | undefined,
): Pick<AccountSession, "browser" | "system"> {
  if (!userAgent) return { browser: null, system: null };
  const parsed = Bowser.parse(userAgent);
  return { browser: named(parsed.browser.name), system: named(parsed.os.name) };
}

/** SessionListDto → the app's list (ISO instants normalised, the user agent described). */
export function reshapeSessionList(data: unknown): AccountSessionList {
  const dto = parseDto(sessionListDto, data, "sessions");
  return {
    sessions: dto.sessions.map((s) => ({
      id: s.id,
      ...describeUserAgent(s.user_agent),
      ip: s.ip,
      signedInAt: new Date(s.created_at).toISOString(),
      lastSeenAt: new Date(s.last_seen_at).toISOString(),
      current: s.current,
    })),
  };
}

/** GET /v1/user/me/sessions */
export async function requestSessions(caller: Caller): Promise<AccountSessionList> {
  return reshapeSessionList(await billingRequest<unknown>("/v1/user/me/sessions", caller));
}

/** POST /v1/user/me/sessions/revoke_others: every other session signed out. */
export async function revokeOtherSessions(caller: Caller): Promise<RevokedSessions> {
  const data = await billingRequest<unknown>("/v1/user/me/sessions/revoke_others", {
    ...caller,
    method: "POST",
    body: {},
  });
  return { revoked: parseDto(revokedDto, data, "revoked sessions").revoked };
}

/** DELETE /v1/user/me/sessions/{id}: that other session signed out (404 unknown, 409 the caller's). */
export async function revokeSession(caller: Caller, id: string): Promise<void> {
  await billingRequest<unknown>(`/v1/user/me/sessions/${encodeURIComponent(id)}`, {
    ...caller,
    method: "DELETE",
  });
}

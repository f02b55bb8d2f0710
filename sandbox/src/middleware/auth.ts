/**
 * Authentication as a route option: put `requireUser` (or `requireCustomer`) before the handler
 * and read `c.var.user` (and `c.var.customerId`). Handlers never parse the bearer themselves.
 */
import { createMiddleware } from "hono/factory";
import type { App } from "../app";
import type { SandboxEnv } from "../env";
import { ApiError, unauthorized } from "../http";
import { findAccessToken } from "../store/session-tokens";
import { LAST_SEEN_EVERY_MS, touchSession } from "../store/user-sessions";
import { findUserById, selectedCustomerId, type UserRow } from "../store/users";

/**
 * The user and session (refresh-token family) behind `Authorization: Bearer <token>`; 401
 * `unauthorized` when missing, unknown or expired. The session is seen now (at most one write a
 * minute).
 */
export async function authenticate(
  app: App,
  authorization: string | undefined,
): Promise<{ user: UserRow; familyId: string }> {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,512})\s*$/i.exec(authorization ?? "");
  if (!match?.[1]) throw unauthorized("Missing bearer token");
  const token = await findAccessToken(app.db, match[1]);
  if (!token) throw unauthorized("Invalid access token");
  const now = app.now();
  if (token.expiresAt <= now) throw unauthorized("Access token expired");
  const user = await findUserById(app.db, token.userId);
  if (!user) throw unauthorized("Invalid access token");
  if (token.lastSeenAt !== null && now - token.lastSeenAt >= LAST_SEEN_EVERY_MS)
    await touchSession(app.db, token.familyId, now);
  return { user, familyId: token.familyId };
}

/** `sessionFamily`: the caller's refresh-token family (its session); never leaves the sandbox. */
export type UserEnv = SandboxEnv & { Variables: { user: UserRow; sessionFamily: string } };
export type CustomerEnv = SandboxEnv & { Variables: { user: UserRow; customerId: string } };

/** Needs a signed-in user: sets `c.var.user`. */
export const requireUser = createMiddleware<UserEnv>(async (c, next) => {
  const { user, familyId } = await authenticate(c.var.app, c.req.header("authorization"));
  c.set("user", user);
  c.set("sessionFamily", familyId);
  await next();
});

/**
 * Needs a signed-in user acting for a customer: sets `c.var.user` and `c.var.customerId` (the
 * selected customer, else the user's own), the scope of every billing list.
 */
export const requireCustomer = createMiddleware<CustomerEnv>(async (c, next) => {
  const { user } = await authenticate(c.var.app, c.req.header("authorization"));
  const customerId = selectedCustomerId(user);
  if (!customerId) throw new ApiError(403, "forbidden", "No customer is linked to this account");
  c.set("user", user);
  c.set("customerId", customerId);
  await next();
});
